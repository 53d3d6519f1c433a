export { NoCompany, RequireCompany } from './require-company';
export type { RequireCompanyProps } from './require-company';
export { useCompanyUser } from './use-company-user';
