// pnpm --filter @verity/api exec tsx bench/report-bench.ts — the monitoring report of one plan with
// 200 gaps, 600 changes and 60 photos (4000 x 3000 JPEGs) on PGlite: the time to gather it and to
// stream the PDF and the workbook, and the process's peak memory (docs/performance.md). Writes the
// files to REPORT_BENCH_OUT (default: the temporary folder) to look at.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { openDatabase, runMigrations } from '../src/db';
import { findReportCompany, gatherReport } from '../src/reports/report-data';
import { writeReportPdf } from '../src/reports/report-pdf';
import { writeReportXlsx } from '../src/reports/report-xlsx';
import { localAttachmentStorage } from '../src/storage/local-attachment-storage';

const GAPS = 200;
const PHOTOS = Number(process.env.REPORT_BENCH_PHOTOS ?? 60);
const OUT = process.env.REPORT_BENCH_OUT ?? os.tmpdir();

let peakRss = 0;
let peakHeap = 0;
const sample = setInterval(() => {
  const memory = process.memoryUsage();
  peakRss = Math.max(peakRss, memory.rss);
  peakHeap = Math.max(peakHeap, memory.heapUsed + memory.external);
}, 20);

/** A file of the stream's bytes, counting them. */
function sink(file: string) {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const writable = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      chunks.push(chunk);
      done();
    },
  });
  return {
    writable,
    bytes: () => bytes,
    save: () => writeFile(file, Buffer.concat(chunks)),
  };
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-report-bench-'));
  const db = await openDatabase({ dataDir });
  try {
    await runMigrations(db);
    const storage = localAttachmentStorage(path.join(dataDir, 'attachments'));
    const { rows } = await db.query<{ company: string; plan: string }>(`
      WITH c AS (INSERT INTO clients (client_name) VALUES ('Bench Capital') RETURNING id),
      f AS (INSERT INTO auditors (auditor_name) VALUES ('GreenAudit Partners') RETURNING id),
      tc AS (INSERT INTO target_companies (client_id, target_company_name, registered_name, email_id)
        SELECT id, 'Acme Steel Ltd', 'Acme Steel Private Limited', 'acme@bench.test' FROM c RETURNING id),
      a AS (INSERT INTO audits (target_company_id, auditor_id, audit_type, audit_category, audit_form)
        SELECT tc.id, f.id, 'esap', 'Environment', 'ap' FROM tc, f RETURNING id, target_company_id),
      ap AS (INSERT INTO action_plans (audit_id, target_company_id, action_plan_heading, category, form_type, timeline)
        SELECT id, target_company_id, 'Environmental & Social Action Plan 2026', 'environment', 'ap', now() + interval '300 days'
        FROM a RETURNING id, target_company_id)
      SELECT target_company_id AS company, id AS plan FROM ap`);
    const { company: companyId, plan: planId } = rows[0]!;
    await db.query(
      `INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility,
         action_taken_by_company, residual_risk, risk_severity, status, due_date, esg_aspect,
         esap_item_number, requirement_references, completion_indicator, timetable, condition_type, created_at,
         esap_section, resources)
       SELECT $1, $2, 'Indicator ' || g, 'Finding ' || g || ': wastewater discharge above permit limits',
         'Install a treatment step for line ' || g || ', monitor the discharge monthly and report the results to the lender. ' ||
           repeat('Train the operators and keep the records on site. ', 1 + g % 3),
         'EHS Manager, plant ' || (1 + g % 4), 'Quotes requested', 'Moderate until the treatment step runs',
         (ARRAY['low', 'moderate', 'high'])[1 + g % 3],
         (ARRAY['open', 'closed', 'provClosed', 'open', 'pending'])[1 + g % 5],
         now() + ((g % 90) - 45) * interval '1 day', 'Environmental',
         (1 + g / 20)::int || '.' || (1 + g % 20), ARRAY['IFC PS1', 'IFC PS3'],
         'Discharge within the permit for three consecutive months', 'Within ' || (g % 12 + 1) || ' months of first disbursement',
         (ARRAY['precedent', 'subsequent', 'ongoing', 'recurring'])[1 + g % 4], now() - interval '100 days' + g * interval '1 minute',
         'PR' || (1 + g % 10) || ' Performance Requirement ' || (1 + g % 10), 'EUR ' || (g * 1000) || ' (capital expenditure)'
       FROM generate_series(1, ${GAPS}) g`,
      [planId, companyId],
    );
    await db.query(
      `INSERT INTO change_history (entity, action_plan_id, gap_id, field, old_value, new_value, version,
         changed_by_name, changed_by_user_type, changed_by_role, changed_at)
       SELECT 'gap', $1, g.id, 'status', '"open"', '"closed"', 2, 'Carlos Company', 'targetCompany', 'editor',
         now() - (n % 80) * interval '1 day'
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS r FROM gaps WHERE action_plan_id = $1) g,
         generate_series(1, 3) n`,
      [planId],
    );
    // Photos as a phone takes them: 4000 x 3000 JPEGs of noise (they do not compress away).
    const photo = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#557799',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const gapIds = (
      await db.query<{ id: string }>(
        `SELECT id FROM gaps WHERE action_plan_id = $1 ORDER BY id LIMIT $2`,
        [planId, PHOTOS],
      )
    ).rows.map((row) => row.id);
    for (const [index, gapId] of gapIds.entries()) {
      const key = `bench-photo-${index}.jpg`;
      await storage.put(key, photo, 'image/jpeg');
      await storage.commit(key);
      await db.query(
        `WITH r AS (INSERT INTO remarks (gap_id, comments, user_type, fullname, role)
           VALUES ($1, 'Photo of the work', 'targetCompany', 'Carlos Company', 'editor') RETURNING id)
         INSERT INTO remark_documents (remark_id, storage_key, file_name, content_type, size, target_company_id,
           sha256, width, height, captured_at, gps_latitude, gps_longitude)
         SELECT r.id, $2, 'site-photo-' || $3 || '.jpg', 'image/jpeg', $4, $5, repeat('a', 64), 4000, 3000,
           now()::timestamp - interval '2 days', 41.0082, 28.9784 FROM r`,
        [gapId, key, index, photo.length, companyId],
      );
    }
    console.log(
      `Data: ${GAPS} gaps, ${GAPS * 3} changes, ${PHOTOS} photos of ${(photo.length / 1024 / 1024).toFixed(1)} MB`,
    );

    const baseline = process.memoryUsage().rss;
    peakRss = baseline;
    const baselineHeap = process.memoryUsage().heapUsed + process.memoryUsage().external;
    peakHeap = baselineHeap;
    console.log(
      `RSS before the reports (PGlite holding the data, in this process): ${(baseline / 1024 / 1024).toFixed(0)} MB; ` +
        `JS heap and external ${(baselineHeap / 1024 / 1024).toFixed(0)} MB`,
    );
    for (let round = 1; round <= 3; round++) {
      const company = await findReportCompany(db, companyId);
      const started = performance.now();
      const data = await gatherReport(
        db,
        company,
        { kind: 'actionPlan', actionPlanId: planId },
        {
          from: new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10),
          to: company.today,
        },
      );
      const gathered = performance.now();
      const pdf = await writeReportPdf(data, storage);
      const pdfFile = sink(path.join(OUT, 'verity-report-bench.pdf'));
      const [, pdfResult] = await Promise.all([pipeline(pdf.stream, pdfFile.writable), pdf.done]);
      const pdfDone = performance.now();
      const xlsx = await writeReportXlsx(data);
      const xlsxFile = sink(path.join(OUT, 'verity-report-bench.xlsx'));
      await Promise.all([pipeline(xlsx.stream, xlsxFile.writable), xlsx.done]);
      const xlsxDone = performance.now();
      await pdfFile.save();
      await xlsxFile.save();
      console.log(
        `Round ${round}: gather ${(gathered - started).toFixed(0)} ms; PDF ${((pdfDone - gathered) / 1000).toFixed(2)} s, ` +
          `${(pdfFile.bytes() / 1024).toFixed(0)} KB; workbook ${(xlsxDone - pdfDone).toFixed(0)} ms, ` +
          `${(xlsxFile.bytes() / 1024).toFixed(0)} KB (pages: ${pdfResult.pages}, ESAP table pages ` +
          `${pdfResult.esapPages?.firstPage}-${pdfResult.esapPages?.lastPage}); peak RSS so far ` +
          `${(peakRss / 1024 / 1024).toFixed(0)} MB, peak heap and external ${(peakHeap / 1024 / 1024).toFixed(0)} MB`,
      );
    }
    console.log(`Files: ${path.join(OUT, 'verity-report-bench.pdf')} and .xlsx`);
  } finally {
    clearInterval(sample);
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

void main();
