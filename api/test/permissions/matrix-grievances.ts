// The matrix rows of the grievance log (docs/decisions/0104-grievances.md): the company records
// grievances and moves them through their steps; the company, its client and its firms read; the
// company's owner and admins set its targets, its owner names who sees complainants' identities.
import { FOREIGN_MARKER, HOME_MARKER } from './fixtures';
import { json, type MatrixRow } from './matrix-types';
import type { RequestContext } from './requests';

const isHome = (ctx: RequestContext) => ctx.ids.targetCompanyId === ctx.fx.home.targetCompanyId;
const today = () => new Date().toISOString().slice(0, 10);

/** The fields of a grievance received, with the tenant's marker in its texts. */
const receivedBody = (marker: string) => ({
  channel: 'suggestionBox',
  receivedOn: today(),
  complainantType: 'worker',
  category: 'workingConditions',
  description: `No drinking water at the night shift ${marker}`,
  anonymous: false,
  complainantName: `Joseph ${marker}`,
});

/** A new open grievance of the company the call names (home or foreign), so each call acts on its own. */
async function freshGrievance(ctx: RequestContext): Promise<string> {
  const marker = isHome(ctx) ? HOME_MARKER : FOREIGN_MARKER;
  const { rows } = await ctx.app.db.query<{ id: string }>(
    `INSERT INTO grievances (target_company_id, channel, received_on, complainant_type, category,
       description, anonymous, complainant_name, acknowledge_due_on, resolve_due_on, recorded_by_name)
     VALUES ($1, 'phone', current_date - 1, 'community', 'environment', $2, false, $3,
       current_date + 6, current_date + 29, $4)
     RETURNING id`,
    [
      ctx.ids.targetCompanyId,
      `Noise at night ${ctx.serial} ${marker}`,
      `Neighbour ${marker}`,
      isHome(ctx) ? 'Carlos Company' : `Editor ${FOREIGN_MARKER}`,
    ],
  );
  return rows[0]!.id;
}

const NONE = [403, 403, 403, 403] as const;
const READERS_OWN = {
  client: [200, 200, 200, 200],
  auditor: [200, 200, 200, 200],
  targetCompany: [200, 200, 200, 200],
} as const;
const READERS_FOREIGN = {
  client: [404, 404, 404, 404],
  auditor: [404, 404, 404, 404],
  targetCompany: [404, 404, 404, 404],
} as const;
const CLIENT_ONLY = { client: [200, 200, 200, 200], auditor: NONE, targetCompany: NONE } as const;

export const GRIEVANCE_ROWS: readonly MatrixRow[] = [
  {
    route: 'POST /target-company/{id}/grievances',
    write: true,
    own: { client: NONE, auditor: NONE, targetCompany: [201, 201, 201, 403] },
    foreign: { client: NONE, auditor: NONE, targetCompany: [404, 404, 404, 403] },
    request: (ctx) =>
      json(
        'POST',
        `/target-company/${ctx.ids.targetCompanyId}/grievances`,
        receivedBody(isHome(ctx) ? HOME_MARKER : FOREIGN_MARKER),
      ),
  },
  {
    route: 'GET /target-company/{id}/grievances',
    write: false,
    own: READERS_OWN,
    foreign: READERS_FOREIGN,
    request: async (ctx) => {
      await freshGrievance(ctx);
      return { method: 'GET', url: `/target-company/${ctx.ids.targetCompanyId}/grievances` };
    },
  },
  {
    route: 'GET /target-company/{id}/grievances/export/csv',
    write: false,
    own: READERS_OWN,
    foreign: READERS_FOREIGN,
    request: async (ctx) => {
      await freshGrievance(ctx);
      return {
        method: 'GET',
        url: `/target-company/${ctx.ids.targetCompanyId}/grievances/export/csv`,
      };
    },
  },
  {
    route: 'GET /client/grievances',
    write: false,
    own: CLIENT_ONLY,
    request: () => ({ method: 'GET', url: '/client/grievances' }),
  },
  {
    route: 'GET /client/grievances/export/csv',
    write: false,
    own: CLIENT_ONLY,
    request: () => ({ method: 'GET', url: '/client/grievances/export/csv' }),
  },
  {
    route: 'GET /grievance/{id}',
    write: false,
    own: READERS_OWN,
    foreign: READERS_FOREIGN,
    request: async (ctx) => ({ method: 'GET', url: `/grievance/${await freshGrievance(ctx)}` }),
  },
  {
    route: 'POST /grievance/{id}/steps',
    write: true,
    own: { client: NONE, auditor: NONE, targetCompany: [200, 200, 200, 403] },
    foreign: { client: NONE, auditor: NONE, targetCompany: [404, 404, 404, 403] },
    request: async (ctx) =>
      json('POST', `/grievance/${await freshGrievance(ctx)}/steps`, {
        step: 'acknowledged',
        on: today(),
      }),
  },
  {
    route: 'GET /target-company/{id}/grievance-targets',
    write: false,
    own: READERS_OWN,
    foreign: READERS_FOREIGN,
    request: ({ ids }) => ({
      method: 'GET',
      url: `/target-company/${ids.targetCompanyId}/grievance-targets`,
    }),
  },
  {
    // Days per request, so that every accepted call writes.
    route: 'PUT /target-company/{id}/grievance-targets',
    write: true,
    own: { client: NONE, auditor: NONE, targetCompany: [200, 200, 403, 403] },
    foreign: { client: NONE, auditor: NONE, targetCompany: [404, 404, 403, 403] },
    request: ({ ids, serial }) =>
      json('PUT', `/target-company/${ids.targetCompanyId}/grievance-targets`, {
        acknowledgeWithinDays: 1 + (serial % 300),
        resolveWithinDays: 30,
      }),
  },
  {
    // The owner names themself: the one accepted call writes.
    route: 'PUT /target-company/{id}/grievance-identity-viewers',
    write: true,
    own: { client: NONE, auditor: NONE, targetCompany: [200, 403, 403, 403] },
    foreign: { client: NONE, auditor: NONE, targetCompany: [404, 403, 403, 403] },
    request: async (ctx) => {
      const { rows } = await ctx.app.db.query<{ id: string }>(
        `SELECT id FROM users WHERE target_company_id = $1 AND user_type = 'targetCompany'
         ORDER BY lower(email) = lower($2) DESC, id LIMIT 1`,
        [ctx.ids.targetCompanyId, ctx.caller.email],
      );
      return json('PUT', `/target-company/${ctx.ids.targetCompanyId}/grievance-identity-viewers`, {
        userIds: rows.map((row) => row.id),
      });
    },
  },
];
