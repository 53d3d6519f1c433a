// The matrix rows of serious incidents (docs/decisions/0099-serious-incidents.md): the company
// reports, corrects and analyses; the client and the company's firms read; the client asks, closes
// and sets the clocks; corrective actions are added by the company or the firm's owners and admins.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { FOREIGN_MARKER, HOME_MARKER } from './fixtures';
import { json, type MatrixRow } from './matrix-types';
import { PNG_BYTES, validGap, type RequestContext } from './requests';

/** The report's fields, with the tenant's marker in its texts. */
const reportBody = (marker: string) => ({
  category: 'fireOrExplosion',
  severity: 'medium',
  occurredAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  location: `Boiler house ${marker}`,
  description: `A small fire in the boiler house ${marker}`,
  peopleAffected: 1,
  immediateActions: 'Extinguished by the site team.',
});

const isHome = (ctx: RequestContext) => ctx.ids.targetCompanyId === ctx.fx.home.targetCompanyId;

/** A new open incident of the company the call names (home or foreign), so each call acts on its own. */
async function freshIncident(ctx: RequestContext): Promise<string> {
  const home = isHome(ctx);
  const marker = home ? HOME_MARKER : FOREIGN_MARKER;
  const { rows } = await ctx.app.db.query<{ id: string }>(
    `INSERT INTO incidents (target_company_id, category, severity, occurred_at, location, description,
       people_affected, reported_by_name, notify_due_on, root_cause_due_on)
     VALUES ($1, 'spillOrRelease', 'high', now() - interval '1 day', $2, $3, 0, $4,
       current_date + 2, current_date + 29)
     RETURNING id`,
    [
      ctx.ids.targetCompanyId,
      `Tank ${ctx.serial} ${marker}`,
      `Diesel spill ${ctx.serial} ${marker}`,
      home ? 'Carlos Company' : `Editor ${FOREIGN_MARKER}`,
    ],
  );
  return rows[0]!.id;
}

/** A new open question of the client on a new incident of the named company. */
async function freshQuestion(ctx: RequestContext): Promise<string> {
  const incidentId = await freshIncident(ctx);
  const { rows } = await ctx.app.db.query<{ id: string }>(
    `INSERT INTO incident_questions (incident_id, question, asked_by_name) VALUES ($1, $2, $3)
     RETURNING id`,
    [incidentId, 'Was anyone hurt?', isHome(ctx) ? 'Clara Owner' : `Owner ${FOREIGN_MARKER}`],
  );
  return rows[0]!.id;
}

/** A stored photo of a new incident of the named company. */
async function freshPhoto(ctx: RequestContext): Promise<string> {
  const incidentId = await freshIncident(ctx);
  const folder = path.join(ctx.app.config.dataDir, 'attachments');
  const storageKey = `${randomUUID()}.png`;
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, storageKey), PNG_BYTES);
  const { rows } = await ctx.app.db.query<{ id: string }>(
    `INSERT INTO incident_photos (incident_id, target_company_id, storage_key, file_name, content_type, size)
     VALUES ($1, $2, $3, 'tank.png', 'image/png', $4) RETURNING id`,
    [incidentId, ctx.ids.targetCompanyId, storageKey, PNG_BYTES.length],
  );
  return rows[0]!.id;
}

const photoForm = (serial: number) => {
  const form = new FormData();
  form.append('documents', new Blob([PNG_BYTES], { type: 'image/png' }), `tank-${serial}.png`);
  return form as unknown as InjectOptions['payload'];
};

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
const COMPANY_WRITERS_OWN = {
  client: NONE,
  auditor: NONE,
  targetCompany: [200, 200, 200, 403],
} as const;
const COMPANY_WRITERS_FOREIGN = {
  client: NONE,
  auditor: NONE,
  targetCompany: [404, 404, 404, 403],
} as const;
const CLIENT_ONLY = { client: [200, 200, 200, 200], auditor: NONE, targetCompany: NONE } as const;

export const INCIDENT_ROWS: readonly MatrixRow[] = [
  {
    route: 'POST /target-company/{id}/incidents',
    write: true,
    own: { client: NONE, auditor: NONE, targetCompany: [201, 201, 201, 403] },
    foreign: COMPANY_WRITERS_FOREIGN,
    request: (ctx) =>
      json(
        'POST',
        `/target-company/${ctx.ids.targetCompanyId}/incidents`,
        reportBody(isHome(ctx) ? HOME_MARKER : FOREIGN_MARKER),
      ),
  },
  {
    route: 'GET /target-company/{id}/incidents',
    write: false,
    own: READERS_OWN,
    foreign: READERS_FOREIGN,
    request: ({ ids }) => ({
      method: 'GET',
      url: `/target-company/${ids.targetCompanyId}/incidents`,
    }),
  },
  {
    route: 'GET /target-company/{id}/incidents/export/csv',
    write: false,
    own: READERS_OWN,
    foreign: READERS_FOREIGN,
    request: async (ctx) => {
      await freshIncident(ctx);
      return {
        method: 'GET',
        url: `/target-company/${ctx.ids.targetCompanyId}/incidents/export/csv`,
      };
    },
  },
  {
    route: 'GET /client/incidents/export/csv',
    write: false,
    own: CLIENT_ONLY,
    request: () => ({ method: 'GET', url: '/client/incidents/export/csv' }),
  },
  {
    route: 'GET /gap/{gapId}/incidents',
    write: false,
    own: READERS_OWN,
    foreign: READERS_FOREIGN,
    request: async (ctx) => {
      await ctx.app.db.query(
        `INSERT INTO incident_corrective_actions (incident_id, gap_id) VALUES ($1, $2)`,
        [await freshIncident(ctx), ctx.ids.gapId],
      );
      return { method: 'GET', url: `/gap/${ctx.ids.gapId}/incidents` };
    },
  },
  {
    route: 'GET /client/incidents',
    write: false,
    own: CLIENT_ONLY,
    request: () => ({ method: 'GET', url: '/client/incidents' }),
  },
  {
    route: 'GET /client/incident-clocks',
    write: false,
    own: CLIENT_ONLY,
    request: () => ({ method: 'GET', url: '/client/incident-clocks' }),
  },
  {
    // Days per request, so that every accepted call writes.
    route: 'PUT /client/incident-clocks',
    write: true,
    own: { client: [200, 403, 403, 403], auditor: NONE, targetCompany: NONE },
    request: ({ serial }) =>
      json('PUT', '/client/incident-clocks', {
        notifyWithinDays: 1 + (serial % 300),
        rootCauseWithinDays: 30,
      }),
  },
  {
    route: 'GET /incident/{id}',
    write: false,
    own: READERS_OWN,
    foreign: READERS_FOREIGN,
    request: async (ctx) => ({ method: 'GET', url: `/incident/${await freshIncident(ctx)}` }),
  },
  {
    route: 'PUT /incident/{id}',
    write: true,
    own: COMPANY_WRITERS_OWN,
    foreign: COMPANY_WRITERS_FOREIGN,
    request: async (ctx) =>
      json(
        'PUT',
        `/incident/${await freshIncident(ctx)}`,
        reportBody(isHome(ctx) ? HOME_MARKER : FOREIGN_MARKER),
      ),
  },
  {
    route: 'POST /incident/{id}/photos',
    write: true,
    own: { client: NONE, auditor: NONE, targetCompany: [201, 201, 201, 403] },
    foreign: COMPANY_WRITERS_FOREIGN,
    request: async (ctx) => ({
      method: 'POST',
      url: `/incident/${await freshIncident(ctx)}/photos`,
      payload: photoForm(ctx.serial),
    }),
  },
  {
    route: 'GET /incident-photo/{id}',
    write: false,
    file: true,
    own: READERS_OWN,
    foreign: READERS_FOREIGN,
    request: async (ctx) => ({ method: 'GET', url: `/incident-photo/${await freshPhoto(ctx)}` }),
  },
  {
    route: 'PUT /incident/{id}/root-cause',
    write: true,
    own: COMPANY_WRITERS_OWN,
    foreign: COMPANY_WRITERS_FOREIGN,
    request: async (ctx) =>
      json('PUT', `/incident/${await freshIncident(ctx)}/root-cause`, {
        rootCause: 'A corroded fuel line.',
      }),
  },
  {
    route: 'POST /incident/{id}/close',
    write: true,
    own: { client: [200, 200, 200, 403], auditor: NONE, targetCompany: NONE },
    foreign: { client: [404, 404, 404, 403], auditor: NONE, targetCompany: NONE },
    request: async (ctx) => json('POST', `/incident/${await freshIncident(ctx)}/close`, {}),
  },
  {
    route: 'POST /incident/{id}/questions',
    write: true,
    own: { client: [201, 201, 201, 403], auditor: NONE, targetCompany: NONE },
    foreign: { client: [404, 404, 404, 403], auditor: NONE, targetCompany: NONE },
    request: async (ctx) =>
      json('POST', `/incident/${await freshIncident(ctx)}/questions`, {
        question: 'Which tank leaked?',
      }),
  },
  {
    route: 'POST /incident-question/{id}/answer',
    write: true,
    own: COMPANY_WRITERS_OWN,
    foreign: COMPANY_WRITERS_FOREIGN,
    request: async (ctx) =>
      json('POST', `/incident-question/${await freshQuestion(ctx)}/answer`, {
        answer: 'Nobody was hurt.',
      }),
  },
  {
    route: 'POST /incident/{id}/corrective-actions',
    write: true,
    own: { client: NONE, auditor: [201, 201, 403, 403], targetCompany: [201, 201, 201, 403] },
    foreign: { client: NONE, auditor: [404, 404, 403, 403], targetCompany: [404, 404, 404, 403] },
    mixed: ['actionPlanId'],
    request: async (ctx) =>
      json('POST', `/incident/${await freshIncident(ctx)}/corrective-actions`, {
        actionPlanId: ctx.ids.actionPlanId,
        gap: validGap(ctx.serial),
      }),
  },
];
