export const COMPANY_TYPES = [
  'borrower',
  'contractor',
  'sister_concern',
  'subsidiary',
  'partner',
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const COMPANY_TYPE_LABELS: Readonly<Record<CompanyType, string>> = {
  borrower: 'Borrower',
  contractor: 'Contractor',
  sister_concern: 'Sister Concern',
  subsidiary: 'Subsidiary',
  partner: 'Partner',
};

export const DEFAULT_COMPANY_TYPE: CompanyType = 'borrower';

export function isCompanyType(value: unknown): value is CompanyType {
  return typeof value === 'string' && (COMPANY_TYPES as readonly string[]).includes(value);
}
