import { textRecord } from '../text-records';

export const COMPANY_TYPES = [
  'borrower',
  'contractor',
  'sister_concern',
  'subsidiary',
  'partner',
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const COMPANY_TYPE_LABELS: Readonly<Record<CompanyType, string>> = textRecord({
  borrower: 'contract.companyType.borrower',
  contractor: 'contract.companyType.contractor',
  sister_concern: 'contract.companyType.sisterConcern',
  subsidiary: 'contract.companyType.subsidiary',
  partner: 'contract.companyType.partner',
});

export const DEFAULT_COMPANY_TYPE: CompanyType = 'borrower';

export function isCompanyType(value: unknown): value is CompanyType {
  return typeof value === 'string' && (COMPANY_TYPES as readonly string[]).includes(value);
}
