// The permission matrix of docs/api.md ("Calls", column Who may), written out cell by cell:
// one row per route (see matrix-types.ts for how a row reads), in the order of docs/api.md.
import { ACTION_PLAN_ROWS } from './matrix-action-plans';
import { CLOSURE_ROWS } from './matrix-closure';
import { ESAP_IMPORT_ROWS } from './matrix-esap-import';
import { NOTIFICATION_ROWS } from './matrix-notifications';
import { ORGANISATION_ROWS } from './matrix-organisations';
import { PORTFOLIO_ROWS } from './matrix-portfolio';
import { REPORT_ROWS } from './matrix-reports';
import { MONITORING_REPORT_ROWS } from './matrix-monitoring-reports';
import { INCIDENT_ROWS } from './matrix-incidents';
import { GRIEVANCE_ROWS } from './matrix-grievances';
import { UNATTACHED_ACCOUNT, type MatrixRow } from './matrix-types';

export type { Expectations, MatrixRow, Status } from './matrix-types';

const SESSION_ROWS: readonly MatrixRow[] = [
  {
    route: 'GET /auth/me',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    request: () => ({ method: 'GET', url: '/auth/me' }),
  },
  {
    // One's own settings only: the route takes no id, so there is no foreign one to try.
    route: 'PUT /auth/me/settings',
    write: true,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    request: () => ({
      method: 'PUT',
      url: '/auth/me/settings',
      payload: { dateStyle: 'year-month-day', language: 'fr' },
    }),
  },
];

const ACCOUNT_ROWS: readonly MatrixRow[] = [
  {
    // Only those who add companies, firms or users look accounts up.
    route: 'GET /accounts/user',
    write: false,
    own: {
      client: [200, 403, 403, 403],
      auditor: [200, 200, 403, 403],
      targetCompany: [200, 200, 403, 403],
    },
    request: () => ({ method: 'GET', url: '/accounts/user', query: { email: UNATTACHED_ACCOUNT } }),
  },
];

const DASHBOARD_ROWS: readonly MatrixRow[] = [
  {
    route: 'GET /dashboard/auditor',
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
    request: ({ ids }) => ({
      method: 'GET',
      url: '/dashboard/auditor',
      query: { auditorId: ids.auditorId },
    }),
  },
  {
    route: 'GET /dashboard/target-company',
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
      url: '/dashboard/target-company',
      query: { targetCompanyId: ids.targetCompanyId },
    }),
  },
  {
    route: 'GET /dashboard/client',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: () => ({ method: 'GET', url: '/dashboard/client' }),
  },
];

/** The matrix by area, in the order of docs/api.md: each test file runs some of these parts. */
export const MATRIX_PARTS = {
  sessions: SESSION_ROWS,
  accounts: ACCOUNT_ROWS,
  organisations: ORGANISATION_ROWS,
  dashboards: DASHBOARD_ROWS,
  portfolio: PORTFOLIO_ROWS,
  actionPlans: ACTION_PLAN_ROWS,
  closure: CLOSURE_ROWS,
  esapImport: ESAP_IMPORT_ROWS,
  notifications: NOTIFICATION_ROWS,
  reports: REPORT_ROWS,
  monitoringReports: MONITORING_REPORT_ROWS,
  incidents: INCIDENT_ROWS,
  grievances: GRIEVANCE_ROWS,
} satisfies Record<string, readonly MatrixRow[]>;

export type MatrixPart = keyof typeof MATRIX_PARTS;

export const MATRIX: readonly MatrixRow[] = Object.values(MATRIX_PARTS).flat();

/**
 * Routes the matrix leaves out on purpose: they run before or without a session (sign-in, refresh,
 * sign-out) or are for machines and tooling.
 */
export const OUTSIDE_THE_MATRIX: readonly { route: string; why: string }[] = [
  { route: 'GET /healthz', why: 'liveness probe, no session' },
  { route: 'GET /readyz', why: 'readiness probe, no session' },
  { route: 'GET /api/v1/openapi.json', why: 'the public API description' },
  { route: 'GET /api/v1/auth/client/verity', why: 'starts sign-in' },
  { route: 'GET /api/v1/auth/auditor/verity', why: 'starts sign-in' },
  { route: 'GET /api/v1/auth/target-company/verity', why: 'starts sign-in' },
  { route: 'GET /api/v1/auth/callback', why: 'ends sign-in' },
  {
    route: 'GET /api/v1/auth/sso',
    why: "starts sign-in through an organisation's own provider (tests: sso/single-sign-on.test.ts)",
  },
  { route: 'POST /api/v1/auth/refresh', why: 'runs on the refresh cookie alone' },
  { route: 'POST /api/v1/auth/logout', why: 'anyone may sign out' },
  { route: 'GET /api/v1/auth/invitations/{token}', why: 'starts sign-in; the token is the key' },
  {
    route: 'GET /api/v1/auth/choose',
    why: 'runs on the signed choice cookie of a sign-in (tests: routes/auth/sign-in.test.ts)',
  },
  {
    route: 'POST /api/v1/auth/choose',
    why: 'runs on the signed choice cookie of a sign-in (tests: routes/auth/sign-in.test.ts)',
  },
];

/**
 * Signed-in routes that answer with a stream that stays open, which `inject` cannot read to its end:
 * every user type and role, signed out, and the foreign tenant are tested over real connections in
 * the file named.
 */
export const TESTED_APART: readonly { route: string; why: string }[] = [
  ...[
    'GET /api/v1/scim/v2/ServiceProviderConfig',
    'GET /api/v1/scim/v2/Users',
    'POST /api/v1/scim/v2/Users',
    'GET /api/v1/scim/v2/Users/{id}',
    'PUT /api/v1/scim/v2/Users/{id}',
    'PATCH /api/v1/scim/v2/Users/{id}',
    'DELETE /api/v1/scim/v2/Users/{id}',
    'GET /api/v1/scim/v2/Groups',
    'GET /api/v1/scim/v2/Groups/{id}',
    'PATCH /api/v1/scim/v2/Groups/{id}',
  ].map((route) => ({
    route,
    why: "a provisioning token, not a member's role; own and foreign ids, owners and the wrong token in test/scim/scim.test.ts",
  })),
  {
    route: 'GET /api/v1/events',
    why: 'server-sent events (tests: test/live/events.test.ts, test/replicas/live-replicas.test.ts)',
  },
];

export const API_PREFIX = '/api/v1';
