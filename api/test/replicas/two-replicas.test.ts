// Verity on more than one machine: two API processes, as built (`node dist/server.js`), on one
// PostgreSQL database, one identity provider, one S3-compatible bucket and one SMTP server, with both
// processes working the job queue. Whichever of them answers a request, the user sees the same
// thing: a session started on one is a session on the other, a refresh on one goes on on the
// other, an upload through one is served by the other, and a write's e-mails are sent once.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  startMailCatcher,
  type CaughtMessage,
  type MailCatcher,
} from '../../../tooling/mail/mail-catcher';
import { EMAIL_QUEUE } from '../../src/notifications/job-queue';
import { s3AttachmentStorage } from '../../src/storage/s3-attachment-storage';
import { remarkForm } from '../faults/fault-world';
import { pngOf } from '../routes/action-plans/remark-uploads';
import { startApiProcess, waitFor, type ApiProcess } from '../support/api-process';
import { TEST_PUBLIC_URL } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { startS3Server, type S3TestServer } from '../support/s3-server';
import { sharedIdentity } from '../support/shared-identity';
import { BrowserCookies, signInAtIdentity } from '../support/sign-in';

const OWNER = 'company.owner@verity.test';

interface Replica {
  name: 'A' | 'B';
  dataDir: string;
  process: ApiProcess;
}

// PGlite is one process's database: two API processes share a PostgreSQL server only (CI sets
// TEST_DATABASE_URL, so this always runs there).
(databaseKinds.includes('postgres') ? describe : describe.skip)(
  'two API replicas on one PostgreSQL, one bucket and one SMTP server',
  () => {
    let database: TestDatabase;
    let s3: S3TestServer;
    let bucket: string;
    let mail: MailCatcher;
    let sql: pg.Client;
    const replicas: Replica[] = [];
    /** Acme Steel's first gap in the demo data, where the owner posts remarks. */
    let gap: { companyId: string; planId: string; gapId: string; gapName: string };

    const a = () => replicas.find((replica) => replica.name === 'A')!;
    const b = () => replicas.find((replica) => replica.name === 'B')!;

    async function startReplica(name: Replica['name']): Promise<Replica> {
      // Each machine has a disk of its own: nothing is shared through DATA_DIR.
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `verity-replica-${name}-`));
      const identity = sharedIdentity();
      try {
        const process = await startApiProcess({
          DATA_DIR: dataDir,
          DATABASE_URL: database.env.DATABASE_URL,
          PUBLIC_URL: TEST_PUBLIC_URL,
          IDENTITY_ISSUER: identity.issuer,
          IDENTITY_CLIENT_SECRET: identity.clientSecret,
          IDENTITY_API_KEY: identity.apiKey,
          SMTP_URL: mail.smtpUrl,
          // Both work the queue, as every replica does by default.
          JOB_QUEUE: '1',
          // A kept session lookup outlives the test: a replica refuses an ended session only
          // because it heard the database's notice.
          SESSION_KEPT_SECONDS: '3600',
          ...s3.env(bucket),
        });
        return { name, dataDir, process };
      } catch (error) {
        await rm(dataDir, { recursive: true, force: true });
        throw error;
      }
    }

    beforeAll(async () => {
      s3 = await startS3Server();
      bucket = await s3.createBucket();
      // Empty, as on a deployment's first start: the replicas migrate it and load the demo.
      database = await createTestDatabase('postgres', { template: 'empty' });
      mail = await startMailCatcher();
      // Both start at once, as replicas of one deployment do.
      const started = await Promise.allSettled([startReplica('A'), startReplica('B')]);
      for (const result of started) if (result.status === 'fulfilled') replicas.push(result.value);
      const failed = started.find((result) => result.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
      sql = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await sql.connect();
      const { rows } = await sql.query<{
        company_id: string;
        plan_id: string;
        gap_id: string;
        gap_name: string;
      }>(
        `SELECT tc.id AS company_id, g.action_plan_id AS plan_id, g.id AS gap_id, g.gap_name
         FROM target_companies tc
         JOIN gaps g ON g.target_company_id = tc.id
         WHERE tc.target_company_name = 'Acme Steel Ltd' ORDER BY g.created_at LIMIT 1`,
      );
      const found = rows[0];
      if (!found) throw new Error('The demo data has no Acme gap');
      gap = {
        companyId: found.company_id,
        planId: found.plan_id,
        gapId: found.gap_id,
        gapName: found.gap_name,
      };
    });
    afterAll(async () => {
      for (const replica of replicas) {
        await replica.process.stop();
        await rm(replica.dataDir, { recursive: true, force: true });
      }
      await sql?.end();
      await mail?.stop();
      await database?.dispose();
      await s3?.dispose();
    });

    /** A browser's request to one replica, with the jar's cookies, taking the answer's cookies back. */
    async function call(
      replica: Replica,
      cookies: BrowserCookies,
      pathAndQuery: string,
      init: RequestInit = {},
    ): Promise<Response> {
      const response = await fetch(`${replica.process.url}${pathAndQuery}`, {
        ...init,
        redirect: 'manual',
        headers: { ...init.headers, cookie: cookies.header() },
      });
      cookies.take(response);
      return response;
    }

    /** Sign-in started on one replica; identity sends the browser back to the other. */
    async function signIn(start: Replica, finish: Replica): Promise<BrowserCookies> {
      const cookies = new BrowserCookies();
      const begin = await call(start, cookies, '/api/v1/auth/target-company/verity');
      expect(begin.status).toBe(302);
      const back = await signInAtIdentity(begin.headers.get('location')!, OWNER);
      const callback = await call(finish, cookies, `${back.pathname}${back.search}`);
      expect(callback.status).toBe(302);
      expect(callback.headers.get('location')).toBe('/');
      expect(cookies.get('verity_access')).toBeDefined();
      expect(cookies.get('verity_refresh')).toBeDefined();
      return cookies;
    }

    /** Who the replica says is signed in with these cookies, or the status it answered. */
    async function me(replica: Replica, cookies: BrowserCookies): Promise<string | number> {
      const response = await call(replica, cookies, '/api/v1/auth/me');
      if (response.status !== 200) return response.status;
      return ((await response.json()) as { data: { user: { emailId: string } } }).data.user.emailId;
    }

    const refresh = (replica: Replica, cookies: BrowserCookies) =>
      call(replica, cookies, '/api/v1/auth/refresh', { method: 'POST' });

    it('migrate the empty database and load the demo once, started together', async () => {
      const { rows: migrations } = await sql.query<{ version: string; n: number }>(
        'SELECT version::text, count(*)::int AS n FROM schemaversion GROUP BY version HAVING count(*) > 1',
      );
      expect(migrations).toEqual([]);
      const { rows } = await sql.query<{ name: string; n: number }>(
        `SELECT name, count(*)::int AS n FROM (
           SELECT client_name AS name FROM clients UNION ALL
           SELECT auditor_name FROM auditors UNION ALL
           SELECT target_company_name FROM target_companies) organisations
         GROUP BY name ORDER BY name`,
      );
      expect(rows.map((row) => row.name)).toEqual(
        expect.arrayContaining([
          'Acme Steel Ltd',
          'GreenAudit Partners',
          'Northwind Capital',
          'Southbank Finance',
        ]),
      );
      expect(rows.filter((row) => row.n !== 1)).toEqual([]);
      const { rows: users } = await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE lower(email) = $1`,
        [OWNER],
      );
      expect(users[0]!.n).toBe(1);
    });

    it('signs in through one replica and the session holds on the other', async () => {
      const cookies = await signIn(a(), b());
      expect(await me(a(), cookies)).toBe(OWNER);
      expect(await me(b(), cookies)).toBe(OWNER);
    });

    it('refreshes on one replica, goes on on the other, and refuses a spent refresh token on both', async () => {
      const cookies = await signIn(b(), a());
      const first = cookies.get('verity_refresh')!;

      const onB = await refresh(b(), cookies);
      expect(onB.status).toBe(200);
      const second = cookies.get('verity_refresh')!;
      expect(second).not.toBe(first);
      expect(await me(a(), cookies)).toBe(OWNER);

      const onA = await refresh(a(), cookies);
      expect(onA.status).toBe(200);
      expect(cookies.get('verity_refresh')).not.toBe(second);
      expect(await me(b(), cookies)).toBe(OWNER);
      expect(await me(a(), cookies)).toBe(OWNER);
      const latest = new BrowserCookies()
        .set('verity_access', cookies.get('verity_access')!)
        .set('verity_refresh', cookies.get('verity_refresh')!);

      // The first token again, after its successor was spent: a stolen copy. Refused on A, then on B.
      for (const replica of [a(), b()]) {
        const replay = await refresh(replica, new BrowserCookies().set('verity_refresh', first));
        expect(replay.status).toBe(401);
        expect(await replay.json()).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
      }
      // The replay ended the session for every copy of its cookies, on both replicas.
      expect(await me(a(), latest)).toBe(401);
      expect(await me(b(), latest)).toBe(401);
      for (const replica of [a(), b()]) {
        const current = new BrowserCookies().set('verity_refresh', latest.get('verity_refresh')!);
        expect((await refresh(replica, current)).status).toBe(401);
      }
    });

    it('signs out on one replica: refused there at once, and on the other once it hears the notice', async () => {
      const cookies = await signIn(a(), a());
      const copy = new BrowserCookies()
        .set('verity_access', cookies.get('verity_access')!)
        .set('verity_refresh', cookies.get('verity_refresh')!);
      expect(await me(b(), copy)).toBe(OWNER);
      expect(await me(a(), copy)).toBe(OWNER);
      const out = await call(a(), cookies, '/api/v1/auth/logout', { method: 'POST' });
      expect(out.status).toBe(200);
      expect(await me(a(), copy)).toBe(401);
      await waitFor(async () => (await me(b(), copy)) === 401, 'the other replica to refuse it');
      expect((await refresh(b(), copy)).status).toBe(401);
    });

    it('takes a remark with an image on one replica and serves the image from the other', async () => {
      const cookies = await signIn(b(), a());
      const image = pngOf(512 * 1024);
      const posted = await call(
        a(),
        cookies,
        `/api/v1/gap/${gap.gapId}/remark?targetCompanyId=${gap.companyId}`,
        {
          method: 'PATCH',
          body: remarkForm('Meter photo, posted through replica A', [
            { name: 'meter.png', bytes: image },
          ]),
        },
      );
      expect(posted.status).toBe(200);
      const remark = (
        (await posted.json()) as { data: { remark: { _id: string; docs: { url: string }[] } } }
      ).data.remark;
      const { docs } = remark;
      expect(docs).toHaveLength(1);

      const served = await call(b(), cookies, docs[0]!.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
      // The plan as B shows it lists the remark A took.
      const plan = await call(
        b(),
        cookies,
        `/api/v1/action-plan/${gap.planId}?targetCompanyId=${gap.companyId}`,
      );
      expect(plan.status).toBe(200);
      expect(JSON.stringify(await plan.json())).toContain(remark._id);

      // In the shared bucket, not on either machine's disk.
      const { rows } = await sql.query<{ storage_key: string }>(
        'SELECT storage_key FROM remark_documents WHERE remark_id = $1',
        [remark._id],
      );
      const storage = s3AttachmentStorage(s3.settings(bucket));
      try {
        const keys: string[] = [];
        for await (const { key, pending } of storage.list()) if (!pending) keys.push(key);
        expect(keys).toContain(rows[0]!.storage_key);
      } finally {
        storage.destroy();
      }
      for (const replica of replicas)
        expect(await readdir(path.join(replica.dataDir, 'attachments')).catch(() => [])).toEqual(
          [],
        );
    });

    it("sends each e-mail a write queues once, with both replicas' workers running", async () => {
      const cookies = await signIn(a(), b());
      const notes = ['Filters replaced, posted through A', 'Invoice filed, posted through B'];
      for (const [replica, note] of [
        [a(), notes[0]!],
        [b(), notes[1]!],
      ] as const) {
        const posted = await call(
          replica,
          cookies,
          `/api/v1/gap/${gap.gapId}/remark?targetCompanyId=${gap.companyId}`,
          { method: 'PATCH', body: remarkForm(note) },
        );
        expect(posted.status).toBe(200);
      }

      // The e-mail jobs each remark queued, and the addresses of the memberships they are for.
      const jobsFor = async (note: string) =>
        (
          await sql.query<{ state: string; email: string }>(
            `SELECT j.state, u.email FROM pgboss.job j JOIN users u ON u.id = (j.data->>'userId')::uuid
             WHERE j.name = $1 AND j.data->>'kind' = 'remarkAdded' AND j.data->>'gapId' = $2
               AND j.data->>'text' LIKE '%' || $3 || '%'`,
            [EMAIL_QUEUE, gap.gapId, note],
          )
        ).rows;
      const messagesAbout = (note: string) =>
        mail
          .messages()
          .filter(
            (message) =>
              message.subject.includes(`New remark: ${gap.gapName}`) && message.text.includes(note),
          );
      for (const note of notes) {
        await waitFor(async () => {
          const jobs = await jobsFor(note);
          return jobs.length > 0 && jobs.every((job) => job.state === 'completed');
        }, `the e-mail jobs of "${note}" to be done`);
        const jobs = await jobsFor(note);
        const expected = jobs.map((job) => job.email.toLowerCase()).sort();
        // The gap's other parties hear of it, never the author.
        expect(expected).toEqual(
          expect.arrayContaining(['auditor.owner@verity.test', 'client.owner@verity.test']),
        );
        expect(expected).not.toContain(OWNER);
        const received = () =>
          messagesAbout(note)
            .flatMap((message) => message.to)
            .map((address) => address.toLowerCase())
            .sort();
        await waitFor(
          () => received().length >= expected.length,
          `the e-mails of "${note}" to arrive`,
        );
        // One job per recipient, one message per job: none sent twice by the two workers.
        expect(new Set(expected).size).toBe(expected.length);
        expect(received()).toEqual(expected);
      }
      // Nor anything else both replicas sent meanwhile (the start-up scan's reminders, the digests).
      const seen = new Map<string, CaughtMessage>();
      for (const message of mail.messages()) {
        const key = JSON.stringify([message.to, message.subject, message.text]);
        expect(seen.has(key)).toBe(false);
        seen.set(key, message);
      }
    });
  },
);
