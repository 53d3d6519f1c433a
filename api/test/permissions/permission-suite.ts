// The permission matrix's test, shared by the files that run its parts (permissions*.test.ts), each
// on a database and an app of its own so that jest runs them side by side.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { PERMISSIONS, may, type Permission, type UserType } from '@verity/shared-api/src/server';
import { startMailCatcher, type MailCatcher } from '../../../tooling/mail/mail-catcher';
import { buildTestApp } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { sharedIdentity } from '../support/shared-identity';
import { injectAs } from '../support/session';
import { appRoutes, documentedPermissions, documentedRoutes, normaliseRoute } from './app-routes';
import {
  HOME_CALLERS,
  ROLES,
  USER_TYPES,
  homeTokens,
  sessionsOf,
  type Caller,
  type Sessions,
  type TokenCaller,
} from './callers';
import { databaseDigest } from './database-digest';
import { deletion, MEMBER_RULES } from './member-rules';
import {
  createFixtures,
  insertUser,
  FOREIGN_CALLERS,
  FOREIGN_MARKER,
  HOME_MARKER,
  HOME_NAMES,
  RIVAL_MARKER,
  type Fixtures,
  type TenantIds,
} from './fixtures';
import { attachDocuments, attachmentFiles, type Documents } from './documents';
import {
  API_PREFIX,
  MATRIX,
  MATRIX_PARTS,
  OUTSIDE_THE_MATRIX,
  TESTED_APART,
  type Expectations,
  type MatrixPart,
  type MatrixRow,
  type Status,
} from './matrix';
import type { RequestContext, Target } from './requests';

const CODE_OF: Partial<Record<Status, string>> = { 403: 'FORBIDDEN', 404: 'NOT_FOUND' };

interface Cell {
  caller: Caller;
  target: Target;
  expected: Status;
}

/** Routes that answer a token otherwise than the member it is, and why. */
const TOKEN_EXCEPTIONS: Readonly<Record<string, Status>> = {
  // The live stream follows a person's session.
  'GET /events': 403,
};

const expectedOf = (expectations: Expectations, caller: Caller): Status =>
  expectations[caller.userType][ROLES.indexOf(caller.role)]!;

/**
 * The callers a row is run with: per user type the first role the row lets in (or the owner, refused
 * like every role of the type), and the first caller the row refuses. Within a user type every
 * role the row lets in gets the same answer, and the others 403 on any ids (the route table's tests
 * check both, and that each refusal is the permission table's): so these stand for all twelve.
 */
function callersOf(row: MatrixRow): Caller[] {
  const perType = USER_TYPES.map(
    (userType) =>
      HOME_CALLERS.find(
        (caller) => caller.userType === userType && expectedOf(row.own, caller) !== 403,
      ) ?? HOME_CALLERS.find((caller) => caller.userType === userType)!,
  );
  const refused = HOME_CALLERS.find((caller) => expectedOf(row.own, caller) === 403);
  return refused && !perType.includes(refused) ? [...perType, refused] : perType;
}

function cellsOf(row: MatrixRow): Cell[] {
  const columns: [Target, Expectations | undefined][] = [
    ['own', row.own],
    ['foreign', row.foreign],
    ['mixed', row.mixed && row.foreign],
  ];
  return columns.flatMap(([target, expectations]) =>
    expectations
      ? callersOf(row).map((caller) => ({
          caller,
          target,
          expected: expectedOf(expectations, caller),
        }))
      : [],
  );
}

/** For a read: per user type, the first role the row lets in (the owner when it lets none in). */
const readerOf = (row: MatrixRow, userType: UserType): Caller =>
  HOME_CALLERS.find(
    (caller) => caller.userType === userType && expectedOf(row.own, caller) !== 403,
  ) ?? HOME_CALLERS.find((caller) => caller.userType === userType)!;

const TARGET_TITLE: Record<Target, (row: MatrixRow) => string> = {
  own: () => 'the own object',
  foreign: () => 'the foreign object',
  mixed: (row) => `the own scope with a foreign ${row.mixed?.join(', ')}`,
};

/** Another tenant's ids in place of the caller's own, for the same request. */
type RequestOverride = { ids: TenantIds; documentId: string };

const GET_ROWS = MATRIX.filter((row) => row.route.startsWith('GET '));

type Tenancy = 'home' | 'rival' | 'foreign';

export interface PermissionChecks {
  /** The parts of the matrix whose rows this file runs (callersOf: who makes their requests). */
  parts: readonly MatrixPart[];
  /** The route table against the app: every route in the matrix or a named exception. */
  routeTable?: boolean;
  /** Owners and oneself: who may remove an owner. */
  members?: boolean;
  /**
   * No tenant sees the other one, in every read with own and foreign ids: the home tenant's callers
   * (`home`), the home callers on another firm's work at their company (`rival`), the foreign
   * tenant's callers (`foreign`).
   */
  tenancy?: readonly Tenancy[];
}

/**
 * Which file runs which checks: the matrix in parts of about the same cost, so that jest's workers
 * share it. Every part and check is run by exactly one file (the route table checks this).
 */
export const PERMISSION_FILES = {
  'permissions.test.ts': {
    parts: ['accounts', 'actionPlans'],
    routeTable: true,
    members: true,
  },
  'permissions-tenancy.test.ts': { parts: [], tenancy: ['home', 'rival', 'foreign'] },
  'permissions-organisations.test.ts': {
    parts: [
      'organisations',
      'reports',
      'monitoringReports',
      'incidents',
      'grievances',
      'sessions',
      'dashboards',
      'portfolio',
      'closure',
      'esapImport',
      'notifications',
    ],
  },
} satisfies Record<string, PermissionChecks>;

export function describePermissions(file: keyof typeof PERMISSION_FILES): void {
  const checks: PermissionChecks = PERMISSION_FILES[file];
  // The real identity server of the run (creating a company or an auditor firm checks that the email's
  // account exists) and a real SMTP server for the invitations new users get.
  const identity = sharedIdentity();
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
  });
  afterAll(async () => {
    await mail?.stop();
  });

  const rows = checks.parts.flatMap((part) => MATRIX_PARTS[part]);

  describe.each(databaseKinds)('permissions on %s', (kind) => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let fx: Fixtures;
    let documents: Documents;
    let sessions: Sessions;
    let tokens: TokenCaller[];
    let serial = 0;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildTestApp(database, {
        IDENTITY_ISSUER: identity.issuer,
        IDENTITY_CLIENT_SECRET: identity.clientSecret,
        IDENTITY_API_KEY: identity.apiKey,
        SMTP_URL: mail.smtpUrl,
        // The bundled provider stands for an organisation's own in the single sign-on rows.
        SSO_PRIVATE_HOSTS: 'localhost',
      });
      fx = await createFixtures(app);
      sessions = await sessionsOf(app, [...HOME_CALLERS, ...FOREIGN_CALLERS]);
      documents = await attachDocuments(app, fx, database.env.DATA_DIR);
      tokens = await homeTokens(app, {
        client: fx.home.clientId,
        auditor: fx.home.auditorId,
        targetCompany: fx.home.targetCompanyId,
      });
    });
    afterAll(async () => {
      await app?.close();
      await database?.dispose();
    });

    function idsOf(row: MatrixRow, target: Target): TenantIds {
      if (target !== 'mixed') return target === 'own' ? fx.home : fx.foreign;
      const ids = { ...fx.home };
      for (const key of row.mixed ?? []) Object.assign(ids, { [key]: fx.foreign[key] });
      return ids;
    }

    async function requestOf(
      row: MatrixRow,
      caller: Caller,
      target: Target,
      override?: RequestOverride,
    ): Promise<InjectOptions> {
      const ctx: RequestContext = {
        app,
        fx,
        target,
        ids: idsOf(row, target),
        caller,
        serial: ++serial,
        documentId: target === 'own' ? documents.home : documents.foreign,
        ...override,
      };
      const options = await row.request(ctx);
      return { ...options, url: `${API_PREFIX}${String(options.url)}` };
    }

    /** Every table's rows and the stored attachment files: equal snapshots mean the call wrote nothing. */
    const snapshot = async () => ({
      tables: await databaseDigest(app),
      attachments: await attachmentFiles(database.env.DATA_DIR),
    });

    const summary = (response: LightMyRequestResponse) =>
      `${response.statusCode} ${response.body.slice(0, 300)}`;

    /** The entry of shared-api's permission table the route names in the OpenAPI document. */
    const permissionOf = (row: MatrixRow) =>
      documentedPermissions(app).get(normaliseRoute(row.route.replace(' ', ` ${API_PREFIX}`))) as
        Permission | undefined;

    if (checks.routeTable)
      describe('the route table', () => {
        it('lists every route the app answers, in the matrix or as a named exception', () => {
          const known = new Set(
            [
              ...MATRIX.map((row) => row.route.replace(' ', ` ${API_PREFIX}`)),
              ...OUTSIDE_THE_MATRIX.map((entry) => entry.route),
              ...TESTED_APART.map((entry) => entry.route),
            ].map(normaliseRoute),
          );
          const unlisted = appRoutes(app).filter((route) => !known.has(normaliseRoute(route)));
          expect(unlisted).toEqual([]);
        });

        it('reads the route tree completely: every documented route is among the routes read', () => {
          const read = new Set(appRoutes(app).map(normaliseRoute));
          const documented = documentedRoutes(app);
          expect(documented.length).toBeGreaterThan(30);
          expect(documented.filter((route) => !read.has(normaliseRoute(route)))).toEqual([]);
        });

        it('names, on every route of the matrix, a permission of the table', () => {
          const unnamed = MATRIX.filter((row) => {
            const permission = permissionOf(row);
            return !permission || !(permission in PERMISSIONS);
          }).map((row) => `${row.route}: ${permissionOf(row)}`);
          expect(unnamed).toEqual([]);
        });

        it('refuses, in every cell of every row, exactly the callers the permission table refuses', () => {
          // Every user type and role against each route's permission: the requests of the rows
          // (callersOf) then check that the route applies the permission it names.
          const disagreeing = MATRIX.flatMap((row) =>
            HOME_CALLERS.filter(
              (caller) => (expectedOf(row.own, caller) === 403) === may(caller, permissionOf(row)!),
            ).map((caller) => `${row.route}: ${caller.name} ${expectedOf(row.own, caller)}`),
          );
          expect(disagreeing).toEqual([]);
        });

        it('answers, in every row, alike for every role a user type lets in, and 403 on any ids for the others', () => {
          // What lets one role of a user type stand for all of them in the requests of the rows.
          const unlike = MATRIX.flatMap((row) =>
            (['own', 'foreign'] as const).flatMap((target) => {
              const expectations = row[target];
              if (!expectations) return [];
              return USER_TYPES.flatMap((userType) => {
                const statuses = expectations[userType];
                const admitted = new Set(statuses.filter((status) => status !== 403));
                const refusedAlike = statuses.every(
                  (status, role) => (status === 403) === (row.own[userType][role] === 403),
                );
                return admitted.size > 1 || !refusedAlike
                  ? [`${row.route} ${target} ${userType}: ${statuses.join(', ')}`]
                  : [];
              });
            }),
          );
          expect(unlike).toEqual([]);
        });

        it('runs every part of the matrix in exactly one file, and each of those files is there', () => {
          const files = Object.entries(PERMISSION_FILES) as [string, PermissionChecks][];
          const runs = files.flatMap(([, entry]) => entry.parts);
          expect([...runs].sort()).toEqual(Object.keys(MATRIX_PARTS).sort());
          expect(files.filter(([name]) => !existsSync(path.join(__dirname, name)))).toEqual([]);
          const tenancy = files.flatMap(([, entry]) => entry.tenancy ?? []);
          expect([...tenancy].sort()).toEqual(['foreign', 'home', 'rival']);
          expect(files.filter(([, entry]) => entry.members).length).toBe(1);
        });

        it('has every matrix route and every exception in the app', () => {
          const present = new Set(appRoutes(app).map(normaliseRoute));
          const missing = [
            ...MATRIX.map((row) => row.route.replace(' ', ` ${API_PREFIX}`)),
            ...OUTSIDE_THE_MATRIX.map((entry) => entry.route),
            ...TESTED_APART.map((entry) => entry.route),
          ].filter((route) => !present.has(normaliseRoute(route)));
          expect(missing).toEqual([]);
        });
      });

    if (rows.length > 0)
      describe.each(rows.map((row, index) => [row.route, row, index] as const))(
        '%s',
        (_route, row, index) => {
          // Each row also called with an API token, the user type and role turning from row to row so
          // that every kind of token meets a share of the routes: a token is answered as the member it
          // is (docs/decisions/0095-api-tokens.md).
          const tokenOf = (all: TokenCaller[]) => all[index % all.length]!;
          it('answers an API token as the member of its user type and role', async () => {
            const token = tokenOf(tokens);
            const expected = TOKEN_EXCEPTIONS[row.route] ?? expectedOf(row.own, token);
            const options = await requestOf(row, token, 'own');
            const response = await app.inject({
              ...options,
              headers: { ...options.headers, authorization: `Bearer ${token.secret}` },
            });
            expect(`${token.name}: ${summary(response)}`).toMatch(
              new RegExp(`^${token.name}: ${expected} `),
            );
          });

          it('answers 401 when signed out', async () => {
            const response = await app.inject(await requestOf(row, HOME_CALLERS[0]!, 'own'));
            expect(summary(response)).toMatch(/^401 .*"code":"UNAUTHENTICATED"/);
          });

          it.each(
            cellsOf(row).map(
              (cell) =>
                [cell.caller.name, TARGET_TITLE[cell.target](row), cell.expected, cell] as const,
            ),
          )('%s on %s: %i', async (_name, _title, expected, { caller, target }) => {
            const options = await requestOf(row, caller, target);
            const before = row.write ? await snapshot() : undefined;
            const response = await injectAs(app, sessions.get(caller.name)!, options);
            const code = CODE_OF[expected];
            expect(summary(response)).toMatch(
              new RegExp(`^${expected} ${code ? `.*"code":"${code}"` : ''}`, 's'),
            );
            if (target === 'own') {
              // On its own objects a caller is refused exactly when the permission table says so.
              const permission = permissionOf(row)!;
              const outcome = response.statusCode === 403 ? 'refused' : 'allowed';
              expect(`${permission}: ${outcome}`).toBe(
                `${permission}: ${may(caller, permission) ? 'allowed' : 'refused'}`,
              );
            }
            if (before) {
              const after = await snapshot();
              if (expected >= 400) expect(after).toEqual(before);
              else expect(after).not.toEqual(before);
            }
          });
        },
      );

    if (checks.members)
      describe('owners and oneself', () => {
        it.each(
          MEMBER_RULES.map(
            (rule) =>
              [
                rule.caller,
                rule.expected === 200 ? 'may' : 'may not',
                rule.member,
                rule.route,
                rule,
              ] as const,
          ),
        )('%s %s remove %s: %s', async (_caller, _may, _member, _route, rule) => {
          const session = sessions.get(rule.caller)!;
          const { userType, path } = deletion(rule);
          const organisationId = {
            client: fx.home.clientId,
            auditor: fx.home.auditorId,
            targetCompany: fx.home.targetCompanyId,
          }[userType];
          const memberId =
            rule.member === 'oneself'
              ? session.userId
              : await insertUser(app.db, {
                  email: `second.owner.${++serial}@verity.test`,
                  fullname: `Second Owner ${serial}`,
                  userType,
                  role: 'owner',
                  organisationId,
                });
          const before = await snapshot();
          const response = await injectAs(app, session, {
            method: 'DELETE',
            url: `${API_PREFIX}${path}/${memberId}`,
          });
          if (rule.expected === 200) {
            expect(summary(response)).toMatch(/^200 /);
            expect(await snapshot()).not.toEqual(before);
          } else {
            expect(summary(response)).toMatch(/^403 .*"code":"FORBIDDEN"/s);
            expect(await snapshot()).toEqual(before);
          }
        });
      });

    const tenancy = new Set(checks.tenancy);
    if (tenancy.size > 0)
      describe('no tenant sees the other one', () => {
        /**
         * Every read as a user of the type (`reader` picks who for each row), once per variant of its
         * ids, with where it went and what it said. A file (a photo, a PDF, a workbook) is asked for
         * only with another tenant's ids, whose refusal is text: its bytes would hide any marker, and
         * the reader's own tenant's copy is the matrix cells' to check.
         */
        const readEverything = async (
          reader: (row: MatrixRow) => Caller,
          variants: readonly { label: string; target: Target; override?: RequestOverride }[],
        ) => {
          const answers: { place: string; body: string }[] = [];
          for (const row of GET_ROWS) {
            const caller = reader(row);
            for (const { label, target, override } of variants) {
              // A file of the reader's own tenant (a foreign caller's own are the "foreign" ids).
              if (row.file && (target === 'foreign') === FOREIGN_CALLERS.includes(caller)) continue;
              const response = await injectAs(
                app,
                sessions.get(caller.name)!,
                await requestOf(row, caller, target, override),
              );
              // A marker is looked for in text: a file's bytes would hide one (mark its row `file`).
              const type = response.body === '' ? 'empty' : response.headers['content-type'];
              expect(`${row.route} ${String(type)}`).toMatch(/ (application\/json|text\/|empty)/);
              answers.push({
                place: `${row.route} (${label}): ${response.statusCode}`,
                body: response.body.toLowerCase(),
              });
            }
          }
          /** Where any of the markers showed, with the ones that did. */
          const showing = (markers: readonly string[]) =>
            answers.flatMap(({ place, body }) => {
              const seen = markers.filter((marker) => body.includes(marker.toLowerCase()));
              return seen.length > 0 ? [`${place} ${seen.join(', ')}`] : [];
            });
          return { showing };
        };
        const ownAndForeignIds = [
          { label: 'own', target: 'own' },
          { label: 'foreign', target: 'foreign' },
        ] as const;

        // The tenancy conditions are the user type's (its organisation's scope); the role only decides
        // whether a read is let in at all, so each read is made by a role of the type that may make it.
        if (tenancy.has('home'))
          it.each(USER_TYPES)(
            'a %s user never sees the foreign tenant in any read',
            async (userType) => {
              const reads = await readEverything(
                (row) => readerOf(row, userType),
                ownAndForeignIds,
              );
              expect(reads.showing([FOREIGN_MARKER])).toEqual([]);
              // The reads did return this tenant's data, so a foreign row would have shown too.
              expect(reads.showing([HOME_MARKER])).not.toEqual([]);
            },
          );

        if (tenancy.has('rival'))
          it.each(USER_TYPES)(
            "a %s user sees another firm's audit work on Acme Steel Ltd only if not an auditor",
            async (userType) => {
              // The home scope with the other firm's audit, plan, gap and photo in place of GreenAudit's.
              const rival = {
                ids: { ...fx.home, ...fx.rival, auditorId: fx.home.auditorId },
                documentId: documents.rival,
              };
              const reads = await readEverything(
                (row) => readerOf(row, userType),
                [
                  { label: 'own ids', target: 'own' },
                  { label: 'its ids', target: 'own', override: rival },
                ],
              );
              if (userType === 'auditor') expect(reads.showing([RIVAL_MARKER])).toEqual([]);
              // A client or company user sees every firm's work on the company, so the reads do reach it.
              else expect(reads.showing([RIVAL_MARKER])).not.toEqual([]);
            },
          );

        if (tenancy.has('foreign'))
          it.each(FOREIGN_CALLERS.map((caller) => [caller.name, caller] as const))(
            '%s never sees the home tenant in any read',
            async (_name, caller) => {
              const reads = await readEverything(() => caller, ownAndForeignIds);
              expect(reads.showing(HOME_NAMES)).toEqual([]);
              expect(reads.showing([FOREIGN_MARKER])).not.toEqual([]);
            },
          );
      });
  });
}
