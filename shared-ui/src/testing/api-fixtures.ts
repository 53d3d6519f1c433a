// Test data shaped like docs/api.md answers, for the screens' tests.
import type { Audit, ClientUser, CompanyAuditorEntry, TargetCompany } from '@verity/shared-api';

export function apiUser(overrides: Partial<ClientUser> = {}): ClientUser {
  return {
    id: '7d1c2a8e-4c1b-4f5e-9a43-0f6f3b1c2d01',
    fullname: 'Priya Raman',
    emailId: 'priya@northwind.example',
    role: 'owner',
    createdAt: '2025-01-14T09:30:00.000Z',
    ...overrides,
  };
}

export function apiTargetCompany(overrides: Partial<TargetCompany> = {}): TargetCompany {
  const id = overrides._id ?? overrides.id ?? '2f0c7c38-1f0e-4a3e-8a55-3b9a0f4c1e11';
  return {
    _id: id,
    id,
    targetCompanyName: 'Acme Steel Ltd',
    registeredName: 'Acme Steel Private Limited',
    emailId: 'esg@acmesteel.example',
    companyType: 'borrower',
    sub: 'acct-acme',
    fullname: 'Ravi Kumar',
    createdAt: '2025-02-03T10:00:00.000Z',
    clientId: 'c5b1a3d2-0000-4000-8000-000000000001',
    ...overrides,
  };
}

export function apiAudit(overrides: Partial<Audit> = {}): Audit {
  const id = overrides._id ?? '9a8b7c6d-1111-4222-8333-444455556666';
  return {
    _id: id,
    id,
    targetCompanyId: '2f0c7c38-1f0e-4a3e-8a55-3b9a0f4c1e11',
    auditorId: 'b0e1c2d3-2222-4333-8444-555566667777',
    auditorName: 'GreenAudit Partners',
    auditType: 'normal_audit',
    auditCategory: 'EHS',
    auditForm: 'ap',
    fields: [],
    createdAt: '2025-03-05T08:00:00.000Z',
    ...overrides,
  };
}

export function apiCompanyAuditor(
  overrides: Partial<Omit<CompanyAuditorEntry, 'auditor'>> & {
    auditor?: Partial<CompanyAuditorEntry['auditor']>;
  } = {},
): CompanyAuditorEntry {
  const { auditor, ...rest } = overrides;
  return {
    id: 'e1f2a3b4-3333-4444-8555-666677778888',
    auditType: ['normal_audit', 'dd'],
    auditCategory: ['EHS', 'Environment'],
    formType: ['ap', 'capa'],
    createdAt: '2025-02-03T10:05:00.000Z',
    ...rest,
    auditor: {
      _id: 'b0e1c2d3-2222-4333-8444-555566667777',
      auditorName: 'GreenAudit Partners',
      emailId: 'lead@greenaudit.example',
      registeredName: 'GreenAudit Partners LLP',
      createdAt: '2024-11-20T12:00:00.000Z',
      ...auditor,
    },
  };
}
