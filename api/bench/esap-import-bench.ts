// pnpm --filter @verity/api exec tsx bench/esap-import-bench.ts — the ESAP import's hostile files
// (api/test/esap-import/esap-fixtures.ts) and two real ones, each sent as a dry run to a new real API
// process (`node dist/server.js`, PGlite, the demo data) while /healthz is asked every 20 ms beside
// it: the time to the answer, the /healthz answers meanwhile and the longest wait for one, and the
// process's resident memory at rest and its peak (VmHWM) while the file was read.
// ESAP_BENCH_SERVER names another build of the server (e.g. the code before a change), relative to api/.
import { readFileSync } from 'node:fs';
import { startApiProcess } from '../test/support/api-process';
import { buildTestApp } from '../test/support/app';
import { createTestDatabase } from '../test/support/databases';
import { sessionFor } from '../test/support/session';
import { buildWorld } from '../test/routes/action-plans/fixtures';
import {
  HOSTILE_FILES,
  ebrdWorkbook,
  manyItemsWorkbook,
  nextYear,
} from '../test/esap-import/esap-fixtures';

const MEGABYTE = 1024 * 1024;
/** ESAP_BENCH_ONLY=<words>: only the files whose name contains them. */
const ONLY = process.env.ESAP_BENCH_ONLY;
/** An answer not come in this long is recorded as none. */
const ANSWER_WITHIN_MS = 180_000;

const status = (pid: number, field: 'VmHWM' | 'VmRSS') =>
  Math.round(
    Number(
      new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1],
    ) / 1024,
  );

/**
 * /healthz asked every 20 ms (one request at a time) until `stop()`: how many answered, and the
 * longest wait for one.
 */
function healthProbe(url: string) {
  const waits: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${url}/healthz`).catch(() => null);
      await response?.arrayBuffer();
      if (response?.ok) waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { answers: waits.length, longest: Math.max(0, ...waits) };
  };
}

async function main() {
  const database = await createTestDatabase('pglite');
  const app = await buildTestApp(database);
  const world = await buildWorld(app);
  const session = await sessionFor(app, 'auditor.owner@verity.test', 'auditor');
  await app.close();
  const cookie = Object.entries(session.cookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
  const year = nextYear();
  const files = [
    {
      name: 'the EBRD workbook (real)',
      fileName: 'esap.xlsx',
      build: () => ebrdWorkbook({ year }),
    },
    {
      name: 'a workbook of 2,000 items (real)',
      fileName: 'esap.xlsx',
      build: () => manyItemsWorkbook(2000, year),
    },
    ...HOSTILE_FILES,
  ].filter((file) => !ONLY || file.name.includes(ONLY));
  const lines = [
    '| File | Size | Answer | Time to answer | /healthz answers during it (longest wait) | RSS at rest, peak |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  try {
    // A new API process for each file, so each peak starts from the same resting process.
    for (const file of files) {
      const bytes = await file.build();
      const form = new FormData();
      form.append('actionPlanHeading', 'Bench');
      form.append('category', 'environment');
      form.append('timeline', `${year + 1}-12-31`);
      form.append('ESGAspect', 'Environmental');
      form.append('impactedSDGs', 'SDG8');
      form.append('file', new Blob([bytes]), file.fileName);
      const api = await startApiProcess(
        { ...database.env, ESAP_IMPORTS_PER_MINUTE: '1000' },
        { script: process.env.ESAP_BENCH_SERVER },
      );
      const pid = api.child.pid as number;
      const atRest = status(pid, 'VmRSS');
      let peak = atRest;
      const sampler = setInterval(() => {
        try {
          peak = Math.max(peak, status(pid, 'VmHWM'));
        } catch {
          // It ended.
        }
      }, 25);
      const stop = healthProbe(api.url);
      let failure = '';
      const started = performance.now();
      const response = await fetch(
        `${api.url}/api/v1/action-plan/import?targetCompanyId=${world.acmeId}&auditId=${world.audits.ap}&dryRun=true`,
        {
          method: 'POST',
          body: form,
          headers: { cookie },
          signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
        },
      ).catch((error: Error & { cause?: { code?: string } }) => {
        failure = error.cause?.code ?? error.name;
        return null;
      });
      const answer = ((await response?.json()) ?? {}) as { message?: string };
      const seconds = (performance.now() - started) / 1000;
      const health = await stop();
      clearInterval(sampler);
      let outcome = `${response?.status} ${response?.ok ? '' : `'${answer.message?.slice(0, 50)}…'`}`;
      if (response) peak = Math.max(peak, status(pid, 'VmHWM'));
      else if (api.child.exitCode === null && api.child.signalCode === null) {
        outcome = `no answer (${failure === 'TimeoutError' ? `none within ${ANSWER_WITHIN_MS / 1000} s` : failure})`;
      } else {
        const { code, signal } = await api.exited;
        outcome = `no answer: the API exited (${signal ?? `code ${code}`}) ${/FATAL ERROR[^\n]*/.exec(api.output())?.[0] ?? ''}`;
      }
      // A process still busy with the file is not waited for.
      await api.stop('SIGKILL');
      lines.push(
        `| ${file.name} | ${(bytes.length / MEGABYTE).toFixed(2)} MB | ${outcome} | ${seconds.toFixed(1)} s | ${health.answers} (${Math.round(health.longest)} ms) | ${atRest} MB, ${peak} MB |`,
      );
      console.log(lines.at(-1));
    }
  } finally {
    await database.dispose();
  }
  console.log(`\n${lines.join('\n')}`);
}

void main();
