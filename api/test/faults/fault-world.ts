// What the fault tests need of the demo data, read once through an in-process app that is then closed,
// so a real server process can own the database (PGlite takes one process at a time).
import { buildTestApp } from '../support/app';
import type { TestDatabase } from '../support/databases';
import { sessionFor } from '../support/session';

export interface FaultWorld {
  /** Acme Steel Ltd, the demo company. */
  companyId: string;
  /** One of its gaps. */
  gapId: string;
  /** The Cookie header of Acme's owner (a target-company owner may add remarks and export). */
  cookie: string;
  /** The Cookie header of Acme's client's owner, Northwind Capital (adds users, reads the portfolio). */
  clientCookie: string;
  /** The Cookie headers of three more users who may export Acme's plans (its editor and viewer, the client's viewer). */
  otherCookies: string[];
}

/**
 * Reads the world from the demo data; `extraGaps` more gaps on Acme's first plan make its CSV export
 * large (about 400 bytes a gap, and 52 more for each `recommendationRepeat` past the first), larger
 * than the socket buffers between a server and a client.
 */
export async function prepareFaultWorld(
  database: TestDatabase,
  {
    extraGaps = 0,
    recommendationRepeat = 1,
  }: { extraGaps?: number; recommendationRepeat?: number } = {},
): Promise<FaultWorld> {
  const app = await buildTestApp(database);
  try {
    if (extraGaps > 0) {
      await app.db.query(
        `INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation,
           responsibility, action_taken_by_company, residual_risk, due_date)
         SELECT ap.id, ap.target_company_id, 'Energy intensity per tonne ' || n,
           'Sub-metering missing on line ' || n,
           repeat('Install sub-meters and report monthly to the board. ', $2::int),
           'Plant energy lead', 'Quotes requested from three suppliers', 'Moderate until installed',
           now() + interval '30 days'
         FROM (SELECT ap.* FROM action_plans ap JOIN target_companies tc ON tc.id = ap.target_company_id
               WHERE tc.target_company_name = 'Acme Steel Ltd' ORDER BY ap.created_at LIMIT 1) ap,
           generate_series(1, $1::int) AS n`,
        [extraGaps, recommendationRepeat],
      );
    }
    const { rows } = await app.db.query<{ company_id: string; gap_id: string }>(
      `SELECT tc.id AS company_id, g.id AS gap_id FROM target_companies tc
       JOIN gaps g ON g.target_company_id = tc.id
       WHERE tc.target_company_name = 'Acme Steel Ltd' ORDER BY g.created_at LIMIT 1`,
    );
    const found = rows[0];
    if (!found) throw new Error('The demo data has no Acme gap');
    const cookieOf = async (email: string, userType: 'client' | 'targetCompany') =>
      Object.entries((await sessionFor(app, email, userType)).cookies)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('; ');
    return {
      companyId: found.company_id,
      gapId: found.gap_id,
      cookie: await cookieOf('company.owner@verity.test', 'targetCompany'),
      clientCookie: await cookieOf('client.owner@verity.test', 'client'),
      otherCookies: [
        await cookieOf('company.editor@verity.test', 'targetCompany'),
        await cookieOf('company.viewer@verity.test', 'targetCompany'),
        await cookieOf('client.viewer@verity.test', 'client'),
      ],
    };
  } finally {
    await app.close();
  }
}

/** A remark with only comments, the way the target-company screen sends it (multipart). */
export function remarkForm(comments: string, files: { name: string; bytes: Buffer }[] = []) {
  const form = new FormData();
  form.append('comments', comments);
  for (const file of files) {
    form.append('documents', new Blob([file.bytes], { type: 'image/png' }), file.name);
  }
  return form;
}

export const remarkUrl = (apiUrl: string, world: FaultWorld) =>
  `${apiUrl}/api/v1/gap/${world.gapId}/remark?targetCompanyId=${world.companyId}`;

export const exportUrl = (apiUrl: string, world: FaultWorld) =>
  `${apiUrl}/api/v1/action-plan/export/csv?targetCompanyId=${world.companyId}`;

/** A page of the gap explorer over Acme's gaps, by risk: it counts and sorts every one of them. */
export const explorerUrl = (apiUrl: string, world: FaultWorld) =>
  `${apiUrl}/api/v1/portfolio/gaps?targetCompanyId=${world.companyId}&sort=risk&order=desc&page=2`;
