// The demo portfolio on top of the demo organisations: a second Northwind company, GreenAudit's
// assignments, audits of every type, plans of every form, gaps in every status, remarks and a photo.
import { randomUUID } from 'node:crypto';
import { AUDIT_CATEGORIES_BY_TYPE, AUDIT_FORMS, AUDIT_TYPES } from '@verity/shared-api/src/server';
import { insertRemarkDocument } from '../action-plans/remark-attachments';
import { imageEvidenceOf } from '../action-plans/image-evidence';
import type { Queryable } from '../db';
import type { AttachmentStorage } from '../storage/attachment-storage';
import { seedChangeHistory } from './demo-change-history';
import { seedClosureLoop } from './demo-closure';
import { demoSitePhoto } from './demo-photo';
import { demoPng } from './demo-png';
import {
  DEMO_AREA_CODES,
  DEMO_AUDIT_FIELDS,
  DEMO_AUDITOR,
  DEMO_AUDITS,
  DEMO_CLIENT,
  DEMO_ESAP_ITEM_NUMBERS,
  DEMO_ESAP_ITEMS,
  DEMO_FINDINGS,
  DEMO_PLAN_PATTERNS,
  DEMO_SITES,
  FIRST_COMPANY,
  SECOND_COMPANY,
  SOUTHBANK_CLIENT,
  SOUTHBANK_COMPANY,
  type DemoAuditSpec,
} from './demo-portfolio-data';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PortfolioOptions {
  /** Where attachments are stored (the API's configured storage); without it the remark photo is left out. */
  attachments?: AttachmentStorage;
}

interface Author {
  id: string;
  user_type: string;
  fullname: string;
  role: string;
}

async function idOf(tx: Queryable, sql: string, params: unknown[]): Promise<string | undefined> {
  return (await tx.query<{ id: string }>(sql, params)).rows[0]?.id;
}

async function ensureCompany(tx: Queryable, clientName: string, name: string, email: string) {
  const clientId = await idOf(tx, 'SELECT id FROM clients WHERE client_name = $1', [clientName]);
  if (!clientId) return undefined;
  const found = await idOf(
    tx,
    'SELECT id FROM target_companies WHERE target_company_name = $1 AND client_id = $2',
    [name, clientId],
  );
  return (
    found ??
    (await idOf(
      tx,
      `INSERT INTO target_companies (client_id, target_company_name, registered_name, email_id, company_type)
       VALUES ($1, $2, $2, $3, 'borrower') RETURNING id`,
      [clientId, name, email],
    ))
  );
}

async function demoAuthors(tx: Queryable): Promise<Author[]> {
  const { rows } = await tx.query<Author>(
    `SELECT id, user_type, fullname, role FROM users
     WHERE email IN ('auditor.owner@verity.test', 'company.owner@verity.test', 'client.owner@verity.test')
     ORDER BY user_type`,
  );
  return rows;
}

/** Seeds one company's audits, plans, gaps, history and remarks; returns the first remark's id. */
async function seedCompanyAudits(
  tx: Queryable,
  company: { id: string; name: string },
  auditorId: string,
  audits: DemoAuditSpec[],
  authors: Author[],
): Promise<string | undefined> {
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY_MS);
  const auditorAuthor = authors.find((author) => author.user_type === 'auditor');
  let planIndex = 0;
  let gapIndex = 0;
  let firstRemark: string | undefined;
  for (const audit of audits) {
    const auditId = randomUUID();
    await tx.query(
      `INSERT INTO audits (id, target_company_id, auditor_id, audit_type, audit_category, audit_form, fields, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        auditId,
        company.id,
        auditorId,
        audit.type,
        audit.category,
        audit.form,
        JSON.stringify(audit.form === 'recommendation' ? [] : DEMO_AUDIT_FIELDS),
        auditorAuthor?.id ?? null,
        at(-audit.ageDays),
      ],
    );
    for (const category of audit.plans) {
      const pattern = DEMO_PLAN_PATTERNS[planIndex % DEMO_PLAN_PATTERNS.length]!;
      const findings = DEMO_FINDINGS[category];
      const hasDates = audit.form !== 'recommendation';
      const planId = randomUUID();
      const planCreated = at(-audit.ageDays + 1);
      await tx.query(
        `INSERT INTO action_plans (id, audit_id, target_company_id, action_plan_heading, category, form_type, timeline, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          planId,
          auditId,
          company.id,
          `${findings[planIndex % findings.length]!.kpi} improvement plan`,
          category,
          audit.form,
          hasDates ? at(pattern.timelineDays) : null,
          auditorAuthor?.id ?? null,
          planCreated,
        ],
      );
      for (const [position, state] of pattern.gaps.entries()) {
        const finding = findings[(planIndex + position) % findings.length]!;
        const gapId = randomUUID();
        const isCapa = audit.form === 'capa';
        const esapItem =
          audit.lenderPlan === category ? DEMO_ESAP_ITEMS[finding.gapName] : undefined;
        await tx.query(
          `INSERT INTO gaps (id, action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility,
             action_taken_by_company, residual_risk, risk_severity, status, due_date, esg_aspect, area_code,
             amount_currency, amount_value, impacted_sdgs, fields, add_ons, created_by, created_at, updated_at,
             esap_item_number, requirement_references, completion_indicator, timetable, condition_type)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $21,
             $22, $23, $24, $25, $26)`,
          [
            gapId,
            planId,
            company.id,
            finding.kpi,
            finding.gapName,
            finding.recommendation,
            finding.responsibility,
            state.status === 'open'
              ? ''
              : 'Corrective work carried out; evidence shared with the auditor',
            state.status === 'closed' ? 'Low' : 'Medium until verified',
            state.risk,
            state.status,
            hasDates ? at(state.dueDays) : null,
            isCapa ? null : (['Environmental', 'Social', 'Governance'] as const)[gapIndex % 3],
            isCapa ? DEMO_AREA_CODES[gapIndex % DEMO_AREA_CODES.length] : null,
            isCapa ? (gapIndex % 2 === 0 ? 'INR' : 'USD') : null,
            isCapa ? (gapIndex % 2 === 0 ? 250000 + gapIndex * 1000 : 4500.5) : null,
            finding.sdgs,
            JSON.stringify(
              gapIndex % 3 === 0
                ? { 'budget-owner': { name: 'Budget owner', value: 'Finance Controller' } }
                : {},
            ),
            JSON.stringify(
              audit.form === 'recommendation'
                ? {}
                : {
                    site: { name: 'Site', value: DEMO_SITES[company.name] ?? 'Head office' },
                    'evidence-ref': { name: 'Evidence reference', value: `EV-${1000 + gapIndex}` },
                  },
            ),
            auditorAuthor?.id ?? null,
            planCreated,
            esapItem ? DEMO_ESAP_ITEM_NUMBERS[position] : null,
            esapItem?.requirementReferences ?? [],
            esapItem?.completionIndicator ?? null,
            esapItem?.timetable ?? null,
            esapItem?.conditionType ?? null,
          ],
        );
        await seedStatusHistory(tx, gapId, state.status, planCreated, authors);
        if (gapIndex % 4 === 1) {
          const remark = await seedRemarks(tx, gapId, planCreated, authors);
          firstRemark ??= remark;
        }
        gapIndex++;
      }
      planIndex++;
    }
  }
  return firstRemark;
}

async function seedStatusHistory(
  tx: Queryable,
  gapId: string,
  status: string,
  created: Date,
  authors: Author[],
) {
  const auditor = authors.find((author) => author.user_type === 'auditor');
  const company = authors.find((author) => author.user_type === 'targetCompany');
  const later = (days: number) => new Date(created.getTime() + days * DAY_MS);
  const entries: [string, Date, string | undefined][] = [['open', created, auditor?.id]];
  if (status === 'provClosed' || status === 'closed')
    entries.push(['provClosed', later(12), company?.id]);
  if (status === 'closed') entries.push(['closed', later(18), auditor?.id]);
  for (const [entryStatus, changedAt, userId] of entries) {
    await tx.query(
      'INSERT INTO gap_status_history (gap_id, status, changed_by, changed_at) VALUES ($1, $2, $3, $4)',
      [gapId, entryStatus, userId ?? null, changedAt],
    );
  }
}

const REMARK_TEXTS: Record<string, string> = {
  auditor: 'Please share photos of the completed work and the updated register.',
  targetCompany: 'Work is under way; the contractor finishes on site next week.',
  client: 'Noted. Please keep the lender informed of any slippage.',
};

/** One remark from each demo user type on the gap, oldest first; returns the company's remark id. */
async function seedRemarks(tx: Queryable, gapId: string, created: Date, authors: Author[]) {
  let companyRemark: string | undefined;
  const order = ['auditor', 'targetCompany', 'client'];
  for (const [position, userType] of order.entries()) {
    const author = authors.find((candidate) => candidate.user_type === userType);
    if (!author) continue;
    const remarkId = randomUUID();
    await tx.query(
      `INSERT INTO remarks (id, gap_id, comments, user_id, user_type, fullname, role, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        remarkId,
        gapId,
        REMARK_TEXTS[userType],
        author.id,
        author.user_type,
        author.fullname,
        author.role,
        new Date(created.getTime() + (3 + position * 2) * DAY_MS),
      ],
    );
    if (userType === 'targetCompany') companyRemark = remarkId;
  }
  return companyRemark;
}

/**
 * The first company's photo is a JPEG whose EXIF gives the camera, the site's position and a capture
 * time two hours before the remark; the others' PNG has none ('No capture data' in the demo).
 */
async function demoPhoto(tx: Queryable, remarkId: string, companyName: string) {
  if (companyName !== FIRST_COMPANY) {
    // Each photo its own file: the same bytes on two gaps would read 'Same file as on gap …'.
    return {
      bytes: demoPng(32, `Demo photo ${remarkId}`),
      extension: 'png',
      contentType: 'image/png',
    };
  }
  const { rows } = await tx.query<{ created_at: Date }>(
    'SELECT created_at FROM remarks WHERE id = $1',
    [remarkId],
  );
  const postedAt = new Date(rows[0]?.created_at ?? Date.now()).getTime();
  const bytes = demoSitePhoto(new Date(postedAt - 2 * 60 * 60 * 1000));
  return { bytes, extension: 'jpg', contentType: 'image/jpeg' };
}

async function attachPhoto(
  tx: Queryable,
  remarkId: string,
  attachments: AttachmentStorage,
  companyName: string,
) {
  const photo = await demoPhoto(tx, remarkId, companyName);
  const storageKey = `${randomUUID()}.${photo.extension}`;
  await attachments.put(storageKey, photo.bytes, photo.contentType);
  await attachments.commit(storageKey);
  const document = {
    storageKey,
    fileName: `site-photo.${photo.extension}`,
    contentType: photo.contentType,
    size: photo.bytes.length,
    evidence: await imageEvidenceOf(photo.bytes),
    deviceRecorded: [],
  };
  await insertRemarkDocument(tx, remarkId, document, 0);
}

/**
 * Adds the demo portfolio where it is missing: a company's audits are created only while it has none,
 * so running it again changes nothing.
 */
export async function seedDemoPortfolio(tx: Queryable, options: PortfolioOptions = {}) {
  const auditorId = await idOf(tx, 'SELECT id FROM auditors WHERE auditor_name = $1', [
    DEMO_AUDITOR,
  ]);
  await ensureCompany(tx, DEMO_CLIENT, SECOND_COMPANY, 'esg@blueriver-textiles.test');
  await ensureCompany(tx, SOUTHBANK_CLIENT, SOUTHBANK_COMPANY, 'compliance@kestrel-harbour.test');
  if (!auditorId) return;
  const authors = await demoAuthors(tx);
  for (const [name, audits] of Object.entries(DEMO_AUDITS)) {
    const companyId = await idOf(
      tx,
      `SELECT tc.id FROM target_companies tc JOIN clients c ON c.id = tc.client_id
       WHERE tc.target_company_name = $1 AND c.client_name = $2`,
      [name, DEMO_CLIENT],
    );
    if (!companyId) continue;
    await tx.query(
      `INSERT INTO company_auditors (target_company_id, auditor_id, audit_types, audit_categories, form_types)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (target_company_id, auditor_id) DO NOTHING`,
      [
        companyId,
        auditorId,
        [...AUDIT_TYPES],
        [...new Set(Object.values(AUDIT_CATEGORIES_BY_TYPE).flat())],
        [...AUDIT_FORMS],
      ],
    );
    const seeded = await idOf(tx, 'SELECT id FROM audits WHERE target_company_id = $1 LIMIT 1', [
      companyId,
    ]);
    if (seeded) continue;
    const remarkId = await seedCompanyAudits(
      tx,
      { id: companyId, name },
      auditorId,
      audits,
      authors,
    );
    if (remarkId && options.attachments) {
      await attachPhoto(tx, remarkId, options.attachments, name);
    }
    // The closure loop's states live at the second company, away from the gaps the demo walks
    // through first (Acme Steel's), which stay as the spec's statuses left them.
    if (name === SECOND_COMPANY) {
      const { attachments } = options;
      await seedClosureLoop(
        tx,
        companyId,
        {
          auditor: authors.find((author) => author.user_type === 'auditor'),
          client: authors.find((author) => author.user_type === 'client'),
        },
        attachments
          ? (photoRemarkId) => attachPhoto(tx, photoRemarkId, attachments, name)
          : undefined,
      );
    }
    // Last, so it tells what everything above did; the first company shows a due date moved later.
    await seedChangeHistory(
      tx,
      companyId,
      name === FIRST_COMPANY ? DEMO_DUE_DATE_DELAY : undefined,
    );
  }
}

const DEMO_DUE_DATE_DELAY = {
  reason: 'The supplier moved the meter delivery back by two weeks.',
  days: 14,
};
