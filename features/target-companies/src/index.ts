// The list of target companies with its cards, shown by the client and auditor areas.
export { TargetCompaniesScreen } from './target-companies-screen';
export type { TargetCompaniesScreenProps } from './target-companies-screen';
export { TargetCompanyCard } from './target-company-card';
export type { TargetCompanyCardProps } from './target-company-card';
export { TARGET_COMPANY_CARD_LINKS, targetCompanyCardLinks } from './target-company-links';
export type { TargetCompanyCardLink } from './target-company-links';
export { useCompanyName } from './use-company-name';
export type { CompanyListSource } from './use-company-name';
