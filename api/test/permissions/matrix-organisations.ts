// The matrix rows of the organisation routes: target companies, auditor firms, users and audits.
import { freshEngagedAuditor, memberToManage } from './requests';
import {
  json,
  onlyForForeign,
  OTHER_UNATTACHED_ACCOUNT,
  UNATTACHED_ACCOUNT,
  type MatrixRow,
} from './matrix-types';

export const ORGANISATION_ROWS: readonly MatrixRow[] = [
  {
    // A foreign auditorId only narrows a client's or company's list (to nothing); an auditor's must be their own firm.
    route: 'GET /target-company',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    foreign: {
      client: [200, 200, 200, 200],
      auditor: [404, 404, 404, 404],
      targetCompany: [200, 200, 200, 200],
    },
    request: ({ target, ids }) => ({
      method: 'GET',
      url: '/target-company',
      query: onlyForForeign(target, { auditorId: ids.auditorId }),
    }),
  },
  {
    route: 'POST /target-company',
    write: true,
    own: {
      client: [201, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [404, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: ({ ids, serial, target }) =>
      json('POST', '/target-company', {
        targetCompanyName: `Fresh Company ${serial}`,
        registeredName: `Fresh Company ${serial} Ltd`,
        emailId: target === 'own' ? UNATTACHED_ACCOUNT : OTHER_UNATTACHED_ACCOUNT,
        companyType: 'borrower',
        auditorId: ids.auditorId,
        auditType: ['normal_audit'],
        auditCategory: ['EHS'],
        formType: ['ap'],
      }),
  },
  {
    route: 'POST /client/add-target-company-auditor',
    write: true,
    own: {
      client: [201, 201, 201, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [404, 404, 404, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    mixed: ['auditorId'],
    request: async (ctx) =>
      json('POST', '/client/add-target-company-auditor', {
        targetCompanyId: ctx.ids.targetCompanyId,
        auditorId: ctx.target === 'own' ? await freshEngagedAuditor(ctx) : ctx.ids.auditorId,
        auditType: ['normal_audit'],
        auditCategory: ['EHS'],
        formType: ['ap'],
      }),
  },
  {
    route: 'GET /target-company/{id}/milestones',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    foreign: {
      client: [404, 404, 404, 404],
      auditor: [404, 404, 404, 404],
      targetCompany: [404, 404, 404, 404],
    },
    request: ({ ids }) => ({
      method: 'GET',
      url: `/target-company/${ids.targetCompanyId}/milestones`,
    }),
  },
  {
    // The client's users who may manage the company set its milestones; the rest only read them.
    route: 'PUT /target-company/{id}/milestones',
    write: true,
    own: {
      client: [200, 200, 200, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [404, 404, 404, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    // A milestone named after the request, so that every accepted call writes.
    request: ({ ids, serial }) =>
      json('PUT', `/target-company/${ids.targetCompanyId}/milestones`, {
        milestones: [
          { name: 'Financial close', reachedOn: '2026-01-15' },
          { name: `Milestone ${serial}`, reachedOn: null },
        ],
      }),
  },
  {
    // A foreign auditorId narrows the client's list of engaged firms to nothing.
    route: 'GET /auditor',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [200, 200, 200, 200],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: ({ target, ids }) => ({
      method: 'GET',
      url: '/auditor',
      query: onlyForForeign(target, { auditorId: ids.auditorId }),
    }),
  },
  {
    route: 'POST /auditor',
    write: true,
    own: {
      client: [201, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: ({ serial }) =>
      json('POST', '/auditor', {
        emailId: UNATTACHED_ACCOUNT,
        auditorName: `Fresh Auditors ${serial}`,
        registeredName: `Fresh Auditors ${serial} LLP`,
      }),
  },
  {
    route: 'GET /target-company/auditors',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    foreign: {
      client: [404, 404, 404, 404],
      auditor: [404, 404, 404, 404],
      targetCompany: [404, 404, 404, 404],
    },
    request: ({ ids }) => ({
      method: 'GET',
      url: '/target-company/auditors',
      query: { targetCompanyId: ids.targetCompanyId },
    }),
  },
  {
    route: 'GET /client/users',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: () => ({ method: 'GET', url: '/client/users' }),
  },
  {
    // The client's users held back at sign-in: those who manage the users only.
    route: 'GET /client/users/sign-in-limits',
    write: false,
    own: {
      client: [200, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: () => ({ method: 'GET', url: '/client/users/sign-in-limits' }),
  },
  {
    route: 'POST /client/user',
    write: true,
    own: {
      client: [201, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: ({ serial }) =>
      json('POST', '/client/user', {
        emailId: `fresh.client.${serial}@verity.test`,
        fullname: `Fresh Client ${serial}`,
        role: 'viewer',
      }),
  },
  {
    route: 'DELETE /client/user/{id}',
    write: true,
    own: {
      client: [200, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [404, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/client/user/${await memberToManage(ctx, 'client')}`,
    }),
  },
  {
    route: 'POST /client/user/{id}/invitation',
    write: true,
    own: {
      client: [200, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [404, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: async (ctx) => ({
      method: 'POST',
      url: `/client/user/${await memberToManage(ctx, 'client')}/invitation`,
    }),
  },
  {
    route: 'GET /auditor/users',
    write: false,
    own: {
      client: [403, 403, 403, 403],
      auditor: [200, 200, 200, 200],
      targetCompany: [403, 403, 403, 403],
    },
    request: () => ({ method: 'GET', url: '/auditor/users' }),
  },
  {
    route: 'GET /auditor/users/sign-in-limits',
    write: false,
    own: {
      client: [403, 403, 403, 403],
      auditor: [200, 200, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: () => ({ method: 'GET', url: '/auditor/users/sign-in-limits' }),
  },
  {
    route: 'POST /auditor/user',
    write: true,
    own: {
      client: [403, 403, 403, 403],
      auditor: [201, 201, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: ({ serial }) =>
      json('POST', '/auditor/user', {
        emailId: `fresh.auditor.user.${serial}@verity.test`,
        fullname: `Fresh Auditor User ${serial}`,
        role: 'editor',
      }),
  },
  {
    route: 'DELETE /auditor/user/{id}',
    write: true,
    own: {
      client: [403, 403, 403, 403],
      auditor: [200, 200, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [403, 403, 403, 403],
      auditor: [404, 404, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/auditor/user/${await memberToManage(ctx, 'auditor')}`,
    }),
  },
  {
    route: 'POST /auditor/user/{id}/invitation',
    write: true,
    own: {
      client: [403, 403, 403, 403],
      auditor: [200, 200, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [403, 403, 403, 403],
      auditor: [404, 404, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: async (ctx) => ({
      method: 'POST',
      url: `/auditor/user/${await memberToManage(ctx, 'auditor')}/invitation`,
    }),
  },
  {
    route: 'GET /target-company/users',
    write: false,
    own: {
      client: [403, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [200, 200, 200, 200],
    },
    foreign: {
      client: [403, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [404, 404, 404, 404],
    },
    request: ({ ids }) => ({
      method: 'GET',
      url: '/target-company/users',
      query: { targetCompanyId: ids.targetCompanyId },
    }),
  },
  {
    route: 'GET /target-company/users/sign-in-limits',
    write: false,
    own: {
      client: [403, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [200, 200, 403, 403],
    },
    foreign: {
      client: [403, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [404, 404, 403, 403],
    },
    request: ({ ids }) => ({
      method: 'GET',
      url: '/target-company/users/sign-in-limits',
      query: { targetCompanyId: ids.targetCompanyId },
    }),
  },
  {
    route: 'POST /target-company/user',
    write: true,
    own: {
      client: [403, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [201, 201, 403, 403],
    },
    request: ({ serial }) =>
      json('POST', '/target-company/user', {
        emailId: `fresh.company.user.${serial}@verity.test`,
        fullname: `Fresh Company User ${serial}`,
        role: 'editor',
      }),
  },
  {
    route: 'DELETE /target-company/user/{id}',
    write: true,
    own: {
      client: [403, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [200, 200, 403, 403],
    },
    foreign: {
      client: [403, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [404, 404, 403, 403],
    },
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/target-company/user/${await memberToManage(ctx, 'targetCompany')}`,
    }),
  },
  {
    route: 'POST /target-company/user/{id}/invitation',
    write: true,
    own: {
      client: [403, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [200, 200, 403, 403],
    },
    foreign: {
      client: [403, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [404, 404, 403, 403],
    },
    request: async (ctx) => ({
      method: 'POST',
      url: `/target-company/user/${await memberToManage(ctx, 'targetCompany')}/invitation`,
    }),
  },
  {
    route: 'GET /auditor/target-company',
    write: false,
    own: {
      client: [403, 403, 403, 403],
      auditor: [200, 200, 200, 200],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [403, 403, 403, 403],
      auditor: [404, 404, 404, 404],
      targetCompany: [403, 403, 403, 403],
    },
    request: ({ target, ids }) => ({
      method: 'GET',
      url: '/auditor/target-company',
      query: onlyForForeign(target, { auditorId: ids.auditorId }),
    }),
  },
  {
    route: 'GET /target-company/{auditorId}/audits',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    foreign: {
      client: [404, 404, 404, 404],
      auditor: [404, 404, 404, 404],
      targetCompany: [404, 404, 404, 404],
    },
    mixed: ['targetCompanyId'],
    request: ({ ids }) => ({
      method: 'GET',
      url: `/target-company/${ids.auditorId}/audits`,
      query: { targetCompanyId: ids.targetCompanyId, auditorId: ids.auditorId },
    }),
  },
  {
    route: 'GET /target-company/audit/{auditId}',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    foreign: {
      client: [404, 404, 404, 404],
      auditor: [404, 404, 404, 404],
      targetCompany: [404, 404, 404, 404],
    },
    request: ({ ids }) => ({ method: 'GET', url: `/target-company/audit/${ids.auditId}` }),
  },
  {
    route: 'POST /target-company/audit',
    write: true,
    own: {
      client: [201, 201, 201, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [404, 404, 404, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    mixed: ['targetCompanyId'],
    request: ({ ids }) =>
      json('POST', '/target-company/audit', {
        targetCompanyId: ids.targetCompanyId,
        auditorId: ids.auditorId,
        auditType: 'normal_audit',
        auditCategory: 'EHS',
        auditForm: 'ap',
        fields: [],
      }),
  },
];
