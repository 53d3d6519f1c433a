import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { UserType } from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { sessionOfMembership, type TestSession } from '../../support/session';
import { call, demoWorld, rowCounts, type DemoWorld } from './fixtures';

interface Area {
  userType: UserType;
  /** The path segment of the area's user routes. */
  segment: string;
  owner: keyof DemoWorld;
  organisation: (world: DemoWorld) => string;
}

const AREAS: Area[] = [
  {
    userType: 'client',
    segment: 'client',
    owner: 'clientOwner',
    organisation: (world) => world.northwindId,
  },
  {
    userType: 'auditor',
    segment: 'auditor',
    owner: 'auditorOwner',
    organisation: (world) => world.greenAuditId,
  },
  {
    userType: 'targetCompany',
    segment: 'target-company',
    owner: 'companyOwner',
    organisation: (world) => world.acmeId,
  },
];

const COLUMN: Record<UserType, string> = {
  client: 'client_id',
  auditor: 'auditor_id',
  targetCompany: 'target_company_id',
};

let serial = 0;

describe.each(databaseKinds)('owners on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: DemoWorld;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    world = await demoWorld(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  /** A member of the area's demo organisation with that role, signed in. */
  async function member(area: Area, role: 'owner' | 'admin'): Promise<TestSession> {
    const { rows } = await app.db.query<{ id: string }>(
      `INSERT INTO users (email, fullname, user_type, role, ${COLUMN[area.userType]})
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [
        `${role}.${++serial}@${area.segment}.test`,
        `${role} ${serial}`,
        area.userType,
        role,
        area.organisation(world),
      ],
    );
    return sessionOfMembership(app, rows[0]!.id);
  }

  const owners = async (area: Area) => {
    const { rows } = await app.db.query<{ id: string }>(
      `SELECT id FROM users WHERE ${COLUMN[area.userType]} = $1 AND role = 'owner'`,
      [area.organisation(world)],
    );
    return rows.map((row) => row.id);
  };

  describe.each(AREAS.filter((area) => area.userType !== 'client'))(
    'in the $userType area',
    (area) => {
      it('lets only an owner add an owner', async () => {
        const admin = await member(area, 'admin');
        const body = () => ({
          emailId: `new.owner.${++serial}@verity.test`,
          fullname: 'New Owner',
          role: 'owner',
        });
        const before = await rowCounts(app);
        const refused = await call(app, admin, 'POST', `/${area.segment}/user`, body());
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
        expect(await rowCounts(app)).toEqual(before);

        const created = await call(
          app,
          world[area.owner] as TestSession,
          'POST',
          `/${area.segment}/user`,
          body(),
        );
        expect(created.statusCode).toBe(201);
        expect(created.json().data.user.role).toBe('owner');

        // An admin still adds everyone else.
        const editor = await call(app, admin, 'POST', `/${area.segment}/user`, {
          ...body(),
          role: 'editor',
        });
        expect(editor.statusCode).toBe(201);
      });
    },
  );

  describe.each(AREAS)('in the $userType area', (area) => {
    it('lets an owner remove another owner, never themselves, and an admin never an owner', async () => {
      const owner = await member(area, 'owner');
      const other = await member(area, 'owner');
      const admin = await member(area, 'admin');

      if (area.userType !== 'client') {
        const byAdmin = await call(app, admin, 'DELETE', `/${area.segment}/user/${other.userId}`);
        expect(byAdmin.statusCode).toBe(403);
      }
      const self = await call(app, owner, 'DELETE', `/${area.segment}/user/${owner.userId}`);
      expect(self.statusCode).toBe(403);
      expect(await owners(area)).toEqual(expect.arrayContaining([owner.userId, other.userId]));

      const removed = await call(app, owner, 'DELETE', `/${area.segment}/user/${other.userId}`);
      expect(removed.statusCode).toBe(200);
      expect(await owners(area)).not.toContain(other.userId);
      // The removed owner's session ended with the membership.
      expect((await call(app, other, 'GET', '/auth/me')).statusCode).toBe(401);
    });
  });

  if (kind === 'postgres') {
    it('keeps an owner when the last two remove each other at the same moment', async () => {
      const area = AREAS[2]!;
      // A company of its own with exactly two owners.
      const { rows } = await app.db.query<{ id: string }>(
        `INSERT INTO target_companies (client_id, target_company_name, email_id)
         VALUES ($1, 'Twin Owners Ltd', 'twins@verity.test') RETURNING id`,
        [world.northwindId],
      );
      const companyId = rows[0]!.id;
      const ownerIds: string[] = [];
      for (const name of ['ada', 'bob']) {
        const inserted = await app.db.query<{ id: string }>(
          `INSERT INTO users (email, fullname, user_type, role, target_company_id)
           VALUES ($1, $2, 'targetCompany', 'owner', $3) RETURNING id`,
          [`${name}@twins.test`, name, companyId],
        );
        ownerIds.push(inserted.rows[0]!.id);
      }
      const [ada, bob] = await Promise.all(ownerIds.map((id) => sessionOfMembership(app, id)));

      // Hold every write to users until both deletions are under way, so they truly overlap.
      const blocker = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await blocker.connect();
      try {
        await blocker.query('BEGIN');
        await blocker.query('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE');
        const answers = Promise.all([
          call(app, ada!, 'DELETE', `/${area.segment}/user/${bob!.userId}`),
          call(app, bob!, 'DELETE', `/${area.segment}/user/${ada!.userId}`),
        ]);
        await waitFor(async () => {
          const waiting = await blocker.query<{ count: number }>(
            `SELECT count(*)::int AS count FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          );
          return waiting.rows[0]!.count >= 2;
        });
        await blocker.query('COMMIT');
        const statuses = (await answers).map((answer) => answer.statusCode).sort();
        expect(statuses).toEqual([200, 403]);
      } finally {
        await blocker.end();
      }
      const left = await app.db.query(
        "SELECT id FROM users WHERE target_company_id = $1 AND role = 'owner'",
        [companyId],
      );
      expect(left.rows).toHaveLength(1);
    });
  }
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
