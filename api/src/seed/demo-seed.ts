import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { scanGaps } from '../notifications/scan';
import type { Database, Queryable } from '../db';
import type { AttachmentStorage } from '../storage/attachment-storage';
import { localAttachmentStorage } from '../storage/local-attachment-storage';
import { seedDemoPortfolio } from './demo-portfolio';

interface DemoAccount {
  email: string;
  name: string;
  userType?: 'client' | 'auditor' | 'targetCompany';
  role?: 'owner' | 'admin' | 'editor' | 'viewer';
  organisation?: string;
}

interface DemoFile {
  organisations: {
    clients: string[];
    auditors: string[];
    targetCompanies: { name: string; client: string }[];
    engagements?: { client: string; auditor: string }[];
  };
  accounts: DemoAccount[];
}

// The demo file does not list engagements yet: the demo auditor firm works for the first demo client.
const DEFAULT_ENGAGEMENTS = [{ client: 'Northwind Capital', auditor: 'GreenAudit Partners' }];

/** The id of the row `select` finds (by its first `selectParams`), inserted with `params` when missing. */
async function ensure(
  tx: Queryable,
  select: string,
  insert: string,
  params: unknown[],
  selectParams = 1,
): Promise<string> {
  const found = await tx.query<{ id: string }>(select, params.slice(0, selectParams));
  if (found.rows[0]) return found.rows[0].id;
  const inserted = await tx.query<{ id: string }>(insert, params);
  return inserted.rows[0]!.id;
}

function contactEmail(
  accounts: DemoAccount[],
  userType: DemoAccount['userType'],
  organisation: string,
): string | null {
  const members = accounts.filter(
    (account) => account.userType === userType && account.organisation === organisation,
  );
  return (members.find((account) => account.role === 'owner') ?? members[0])?.email ?? null;
}

export interface SeedDemoOptions {
  /** Where the demo remark photos are stored: the API's configured storage. */
  attachments?: AttachmentStorage;
  /** DATA_DIR: without `attachments`, the photos go to `${dataDir}/attachments`; left out without either. */
  dataDir?: string;
}

/** Creates the demo organisations, memberships and portfolio that are missing; running it again changes nothing. */
export async function seedDemo(
  db: Database,
  file: string,
  options: SeedDemoOptions = {},
): Promise<void> {
  const demo = JSON.parse(await readFile(file, 'utf8')) as DemoFile;
  const { organisations, accounts } = demo;
  await db.transaction(async (tx) => {
    // API processes starting together on an empty database (replicas of one deployment): one loads
    // the demo while the others wait here, then find every row there and add nothing.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('verity_demo_seed'))");
    const clientIds = new Map<string, string>();
    for (const name of organisations.clients) {
      clientIds.set(
        name,
        await ensure(
          tx,
          'SELECT id FROM clients WHERE client_name = $1',
          'INSERT INTO clients (client_name) VALUES ($1) RETURNING id',
          [name],
        ),
      );
    }
    const auditorIds = new Map<string, string>();
    for (const name of organisations.auditors) {
      auditorIds.set(
        name,
        await ensure(
          tx,
          'SELECT id FROM auditors WHERE auditor_name = $1',
          'INSERT INTO auditors (auditor_name, registered_name, email_id) VALUES ($1, $1, $2) RETURNING id',
          [name, contactEmail(accounts, 'auditor', name)],
        ),
      );
    }
    const targetCompanyIds = new Map<string, string>();
    for (const company of organisations.targetCompanies) {
      const clientId = clientIds.get(company.client);
      if (!clientId)
        throw new Error(
          `Demo target company ${company.name} names an unknown client ${company.client}`,
        );
      targetCompanyIds.set(
        company.name,
        await ensure(
          tx,
          'SELECT id FROM target_companies WHERE target_company_name = $1 AND client_id = $2',
          `INSERT INTO target_companies (target_company_name, client_id, email_id, registered_name)
           VALUES ($1, $2, $3, $1) RETURNING id`,
          [company.name, clientId, contactEmail(accounts, 'targetCompany', company.name) ?? ''],
          2,
        ),
      );
    }
    for (const engagement of organisations.engagements ?? DEFAULT_ENGAGEMENTS) {
      const clientId = clientIds.get(engagement.client);
      const auditorId = auditorIds.get(engagement.auditor);
      if (!clientId || !auditorId) continue;
      await tx.query(
        'INSERT INTO client_auditors (client_id, auditor_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [clientId, auditorId],
      );
    }
    for (const account of accounts) {
      if (!account.userType || !account.role || !account.organisation) continue;
      const organisationIds = {
        client: clientIds,
        auditor: auditorIds,
        targetCompany: targetCompanyIds,
      }[account.userType];
      const organisationId = organisationIds.get(account.organisation);
      if (!organisationId)
        throw new Error(
          `Demo account ${account.email} names an unknown ${account.userType} ${account.organisation}`,
        );
      await tx.query(
        `INSERT INTO users (email, fullname, user_type, role, client_id, auditor_id, target_company_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_type, (COALESCE(client_id, auditor_id, target_company_id)), (lower(email)))
         DO NOTHING`,
        [
          account.email,
          account.name,
          account.userType,
          account.role,
          account.userType === 'client' ? organisationId : null,
          account.userType === 'auditor' ? organisationId : null,
          account.userType === 'targetCompany' ? organisationId : null,
        ],
      );
    }
    const attachments =
      options.attachments ??
      (options.dataDir
        ? localAttachmentStorage(path.join(options.dataDir, 'attachments'))
        : undefined);
    await seedDemoPortfolio(tx, attachments ? { attachments } : {});
  });
  await seedDemoNotifications(db);
}

/**
 * The bell is not empty on a first start: today's reminders and overdue notices of the demo gaps, in
 * the app only (no e-mail), once. The day stays open, so the scan's own run still takes it.
 */
async function seedDemoNotifications(db: Database): Promise<void> {
  const { rows } = await db.query<{ any: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM notifications) AS any',
  );
  if (rows[0]?.any) return;
  await scanGaps(db, null, { now: new Date(), scanHour: 0, claimDay: false });
}
