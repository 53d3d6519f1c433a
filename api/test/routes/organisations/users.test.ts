import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { sessionFor } from '../../support/session';
import { USER_KEYS, call, demoWorld, keysOf, rowCounts, type DemoWorld } from './fixtures';

interface ListedUser {
  id: string;
  emailId: string;
  role: string;
  createdAt: string;
}

describe.each(databaseKinds)('users on %s', (kind) => {
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

  const emails = (users: ListedUser[]) => users.map((user) => user.emailId);
  const newestFirst = (users: ListedUser[]) => {
    const created = users.map((user) => user.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  };

  describe('client users', () => {
    const list = async (session = world.clientViewer) => {
      const response = await call(app, session, 'GET', '/client/users');
      expect(response.statusCode).toBe(200);
      return response.json().data as {
        users: ListedUser[];
        counts: { total: number; admins: number; editors: number; viewers: number };
      };
    };

    it("lists the client's users newest first, with counts per role", async () => {
      const data = await list();
      expect(keysOf(data)).toEqual(['counts', 'page', 'pageSize', 'total', 'users']);
      for (const user of data.users) expect(keysOf(user)).toEqual(USER_KEYS);
      expect(emails(data.users)).toEqual(
        expect.arrayContaining(['client.owner@verity.test', 'client.viewer@verity.test']),
      );
      expect(emails(data.users)).not.toContain('client2.owner@verity.test');
      newestFirst(data.users);
      const byRole = (role: string) => data.users.filter((user) => user.role === role).length;
      expect(data.counts).toEqual({
        total: data.users.length,
        admins: byRole('admin'),
        editors: byRole('editor'),
        viewers: byRole('viewer'),
      });
    });

    it("shows another client none of Northwind's users", async () => {
      const data = await list(world.southbankOwner);
      expect(emails(data.users)).toEqual(['client2.owner@verity.test']);
      expect(data.counts).toEqual({ total: 1, admins: 0, editors: 0, viewers: 0 });
    });

    it('refuses auditor and company users with 403', async () => {
      for (const who of ['auditorOwner', 'companyOwner'] as const)
        expect((await call(app, world[who], 'GET', '/client/users')).statusCode).toBe(403);
    });

    it('lets the owner add a user, a viewer by default, who is then counted and listed first', async () => {
      const before = await list();
      const response = await call(app, world.clientOwner, 'POST', '/client/user', {
        emailId: ' Paula.Pending@verity.test ',
        fullname: 'Paula Pending',
        // Not part of the contract: never stored.
        clientId: world.southbankId,
        userType: 'auditor',
        role: undefined,
      });
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      expect(keysOf(data)).toEqual(['user']);
      expect(keysOf(data.user)).toEqual(USER_KEYS);
      expect(data.user).toMatchObject({
        emailId: 'Paula.Pending@verity.test',
        fullname: 'Paula Pending',
        role: 'viewer',
      });
      const after = await list();
      expect(after.users[0]!.id).toBe(data.user.id);
      expect(after.counts.total).toBe(before.counts.total + 1);
      expect(after.counts.viewers).toBe(before.counts.viewers + 1);
      const { rows } = await app.db.query('SELECT user_type, client_id FROM users WHERE id = $1', [
        data.user.id,
      ]);
      expect(rows).toEqual([{ user_type: 'client', client_id: world.northwindId }]);
    });

    it("adds a person who is also another client's user, telling nothing about it", async () => {
      const response = await call(app, world.clientOwner, 'POST', '/client/user', {
        emailId: 'CLIENT2.owner@verity.test',
        fullname: 'Sofia Again',
        role: 'admin',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.user).toMatchObject({ fullname: 'Sofia Again', role: 'admin' });
      const { rows } = await app.db.query<{ client_id: string }>(
        "SELECT client_id FROM users WHERE lower(email) = 'client2.owner@verity.test' ORDER BY created_at",
      );
      expect(rows.map((row) => row.client_id)).toEqual([world.southbankId, world.northwindId]);
    });

    it('answers 409 for an email that already has a membership in the same client', async () => {
      const before = await rowCounts(app);
      const response = await call(app, world.clientOwner, 'POST', '/client/user', {
        emailId: 'CLIENT.viewer@verity.test',
        fullname: 'Victor Again',
        role: 'admin',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        message: 'A user with this email already exists',
        code: 'CONFLICT',
      });
      expect(await rowCounts(app)).toEqual(before);
    });

    it.each([
      [{ emailId: 'e@verity.test', fullname: ' ' }, 'Full name is required'],
      [{ emailId: 'e.verity.test', fullname: 'Eve' }, 'Please enter a valid email'],
      [{ fullname: 'Eve' }, 'Email is required'],
      [
        { emailId: 'e@verity.test', fullname: 'Eve', role: 'superuser' },
        'Please choose a role from the list',
      ],
    ])('refuses %p with %p', async (body, message) => {
      const response = await call(app, world.clientOwner, 'POST', '/client/user', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message, code: 'VALIDATION_FAILED' });
    });

    it('refuses a client viewer and other user types with 403', async () => {
      const body = { emailId: 'x@verity.test', fullname: 'X', role: 'viewer' };
      for (const who of ['clientViewer', 'auditorOwner', 'companyOwner'] as const)
        expect((await call(app, world[who], 'POST', '/client/user', body)).statusCode).toBe(403);
    });

    it('lets the owner delete a user and another owner, never themselves, never a foreign one', async () => {
      const added = await call(app, world.clientOwner, 'POST', '/client/user', {
        emailId: 'dora.delete@verity.test',
        fullname: 'Dora Delete',
        role: 'editor',
      });
      const doraId: string = added.json().data.user.id;
      const coOwner = await call(app, world.clientOwner, 'POST', '/client/user', {
        emailId: 'otto.owner@verity.test',
        fullname: 'Otto Owner',
        role: 'owner',
      });
      const ottoId: string = coOwner.json().data.user.id;
      const southbankOwnerId = world.southbankOwner.userId;

      expect(
        (await call(app, world.clientViewer, 'DELETE', `/client/user/${doraId}`)).statusCode,
      ).toBe(403);
      expect(
        (await call(app, world.clientOwner, 'DELETE', `/client/user/${world.clientOwner.userId}`))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(app, world.clientOwner, 'DELETE', `/client/user/${southbankOwnerId}`))
          .statusCode,
      ).toBe(404);
      // An auditor's membership is not a client user, even for the client's owner.
      expect(
        (await call(app, world.clientOwner, 'DELETE', `/client/user/${world.auditorViewer.userId}`))
          .statusCode,
      ).toBe(404);
      expect((await call(app, world.clientOwner, 'DELETE', '/client/user/dora')).statusCode).toBe(
        400,
      );

      const deleted = await call(app, world.clientOwner, 'DELETE', `/client/user/${doraId}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ success: true, data: {} });
      expect(emails((await list()).users)).not.toContain('dora.delete@verity.test');
      expect(
        (await call(app, world.clientOwner, 'DELETE', `/client/user/${doraId}`)).statusCode,
      ).toBe(404);
      // Southbank's owner is still there; a co-owner goes when an owner removes them.
      const { rows } = await app.db.query('SELECT 1 FROM users WHERE id = ANY($1::uuid[])', [
        [ottoId, southbankOwnerId],
      ]);
      expect(rows).toHaveLength(2);
      expect(
        (await call(app, world.clientOwner, 'DELETE', `/client/user/${ottoId}`)).statusCode,
      ).toBe(200);
      expect(
        (await app.db.query('SELECT 1 FROM users WHERE id = $1', [southbankOwnerId])).rows,
      ).toHaveLength(1);
    });
  });

  describe('auditor users', () => {
    it("lists the firm's users for any auditor user and refuses other user types", async () => {
      const response = await call(app, world.auditorViewer, 'GET', '/auditor/users');
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(keysOf(data)).toEqual(['page', 'pageSize', 'total', 'users']);
      for (const user of data.users) expect(keysOf(user)).toEqual(USER_KEYS);
      expect(emails(data.users)).toEqual(
        expect.arrayContaining(['auditor.owner@verity.test', 'auditor.viewer@verity.test']),
      );
      expect(emails(data.users).every((email: string) => !email.startsWith('client'))).toBe(true);
      newestFirst(data.users);
      expect((await call(app, world.clientOwner, 'GET', '/auditor/users')).statusCode).toBe(403);
      expect((await call(app, world.companyOwner, 'GET', '/auditor/users')).statusCode).toBe(403);
    });

    it('lets an admin add users (admin by default) and delete them, but never an owner or themselves', async () => {
      const admin = await call(app, world.auditorOwner, 'POST', '/auditor/user', {
        emailId: 'adam.admin@verity.test',
        fullname: 'Adam Admin',
      });
      expect(admin.statusCode).toBe(201);
      expect(admin.json().data.user).toMatchObject({
        role: 'admin',
        emailId: 'adam.admin@verity.test',
      });
      const adamId: string = admin.json().data.user.id;
      const adam = await sessionFor(app, 'adam.admin@verity.test', 'auditor');

      const editor = await call(app, adam, 'POST', '/auditor/user', {
        emailId: 'eli.editor@verity.test',
        fullname: 'Eli Editor',
        role: 'editor',
      });
      expect(editor.statusCode).toBe(201);
      const eliId: string = editor.json().data.user.id;
      const eli = await sessionFor(app, 'eli.editor@verity.test', 'auditor');

      expect(
        (await call(app, eli, 'POST', '/auditor/user', { emailId: 'z@verity.test', fullname: 'Z' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(app, world.auditorViewer, 'DELETE', `/auditor/user/${eliId}`)).statusCode,
      ).toBe(403);
      expect(
        (await call(app, adam, 'DELETE', `/auditor/user/${world.auditorOwner.userId}`)).statusCode,
      ).toBe(403);
      expect((await call(app, adam, 'DELETE', `/auditor/user/${adamId}`)).statusCode).toBe(403);
      expect(
        (await call(app, adam, 'DELETE', `/auditor/user/${world.clientViewer.userId}`)).statusCode,
      ).toBe(404);
      expect(
        (await call(app, world.clientOwner, 'DELETE', `/auditor/user/${eliId}`)).statusCode,
      ).toBe(403);

      const deleted = await call(app, adam, 'DELETE', `/auditor/user/${eliId}`);
      expect(deleted.statusCode).toBe(200);
      const listed = await call(app, adam, 'GET', '/auditor/users');
      expect(emails(listed.json().data.users)).not.toContain('eli.editor@verity.test');
      expect(emails(listed.json().data.users)[0]).toBe('adam.admin@verity.test');
    });

    it('answers 409 for a second auditor membership of one email', async () => {
      const response = await call(app, world.auditorOwner, 'POST', '/auditor/user', {
        emailId: 'auditor.viewer@verity.test',
        fullname: 'Arjun Again',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('A user with this email already exists');
    });
  });

  describe('company users', () => {
    const usersOf = (session = world.companyViewer, targetCompanyId = world.acmeId) =>
      call(app, session, 'GET', `/target-company/users?targetCompanyId=${targetCompanyId}`);

    it("lists the user's own company's users, and 404 for any other company", async () => {
      const response = await usersOf();
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(keysOf(data)).toEqual(['page', 'pageSize', 'total', 'users']);
      for (const user of data.users) expect(keysOf(user)).toEqual(USER_KEYS);
      expect(emails(data.users)).toEqual(
        expect.arrayContaining(['company.owner@verity.test', 'company.viewer@verity.test']),
      );
      newestFirst(data.users);

      const { rows } = await app.db.query<{ id: string }>(
        'SELECT id FROM target_companies WHERE id <> $1 LIMIT 1',
        [world.acmeId],
      );
      expect((await usersOf(world.companyViewer, rows[0]!.id)).statusCode).toBe(404);
      expect((await usersOf(world.companyViewer, 'acme')).statusCode).toBe(400);
      expect((await usersOf(world.clientOwner)).statusCode).toBe(403);
      expect((await usersOf(world.auditorOwner)).statusCode).toBe(403);
    });

    it('lets a company admin add users (admin by default) and delete non-owners', async () => {
      const created = await call(app, world.companyOwner, 'POST', '/target-company/user', {
        emailId: 'cora.company@verity.test',
        fullname: 'Cora Company',
        // The company comes from the session, never from the body.
        targetCompanyId: '00000000-0000-4000-8000-000000000000',
      });
      expect(created.statusCode).toBe(201);
      expect(keysOf(created.json().data)).toEqual(['user']);
      expect(created.json().data.user).toMatchObject({ role: 'admin', fullname: 'Cora Company' });
      const coraId: string = created.json().data.user.id;
      const { rows } = await app.db.query('SELECT target_company_id FROM users WHERE id = $1', [
        coraId,
      ]);
      expect(rows).toEqual([{ target_company_id: world.acmeId }]);
      const cora = await sessionFor(app, 'cora.company@verity.test', 'targetCompany');

      expect(
        (
          await call(app, world.companyViewer, 'POST', '/target-company/user', {
            emailId: 'v@verity.test',
            fullname: 'V',
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await call(app, world.clientOwner, 'POST', '/target-company/user', {
            emailId: 'v@verity.test',
            fullname: 'V',
          })
        ).statusCode,
      ).toBe(403);
      const missing = await call(app, cora, 'POST', '/target-company/user', {
        emailId: 'v@verity.test',
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('Full name is required');

      expect(
        (await call(app, cora, 'DELETE', `/target-company/user/${world.companyOwner.userId}`))
          .statusCode,
      ).toBe(403);
      expect((await call(app, cora, 'DELETE', `/target-company/user/${coraId}`)).statusCode).toBe(
        403,
      );
      expect(
        (await call(app, world.companyViewer, 'DELETE', `/target-company/user/${coraId}`))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(app, cora, 'DELETE', `/target-company/user/${world.auditorViewer.userId}`))
          .statusCode,
      ).toBe(404);

      const deleted = await call(
        app,
        cora,
        'DELETE',
        `/target-company/user/${world.companyViewer.userId}`,
      );
      expect(deleted.statusCode).toBe(200);
      expect(emails((await usersOf(cora)).json().data.users)).not.toContain(
        'company.viewer@verity.test',
      );
    });
  });
});
