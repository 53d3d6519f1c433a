import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '@verity/shared-api/src/server';
import { tokenMember } from '../auth/api-tokens';
import { ApiError } from '../errors';
import {
  ScimError,
  SCIM_ERROR_SCHEMA,
  SCIM_LIST_SCHEMA,
  SCIM_PATCH_SCHEMA,
  SCIM_GROUPS,
  changeGroupMembers,
  checkedMember,
  createMember,
  groupOf,
  findMember,
  listMembers,
  removeMember,
  toScimUser,
  updateMember,
  type MemberInput,
} from '../scim/scim-users';
import { isUuid } from '../uuid';

const SCIM_TYPE = 'application/scim+json';
const MAX_COUNT = 200;

declare module 'fastify' {
  interface FastifyRequest {
    /** The provisioning token's member, on the SCIM routes. */
    scimToken: SessionUser;
  }
}

type ScimBody = Record<string, unknown>;

/** What a SCIM User body says, in Verity's fields (what Verity does not keep is left aside). */
function readUser(body: ScimBody): {
  email?: unknown;
  fullname?: unknown;
  role?: unknown;
  active?: unknown;
  externalId?: unknown;
} {
  const name = (body.name ?? {}) as ScimBody;
  const composed = [name.givenName, name.familyName].filter((part) => typeof part === 'string');
  const emails = Array.isArray(body.emails) ? (body.emails as ScimBody[]) : [];
  const primary = emails.find((email) => email.primary === true) ?? emails[0];
  const roles = Array.isArray(body.roles) ? (body.roles as ScimBody[]) : [];
  return {
    email: body.userName ?? primary?.value,
    fullname:
      name.formatted ?? (composed.length > 0 ? composed.join(' ') : undefined) ?? body.displayName,
    role: roles[0]?.value,
    active: body.active,
    externalId: body.externalId,
  };
}

const isFalse = (value: unknown) => value === false || String(value).toLowerCase() === 'false';

/** One PATCH operation's path and value applied to what the member is. */
function patched(current: ReturnType<typeof readUser>, operation: ScimBody) {
  const op = String(operation.op ?? '').toLowerCase();
  if (!['add', 'replace', 'remove'].includes(op))
    throw new ScimError(400, `op must be add, replace or remove.`, 'invalidSyntax');
  const path = typeof operation.path === 'string' ? operation.path : undefined;
  if (path === undefined) {
    if (op === 'remove') throw new ScimError(400, 'remove needs a path.', 'noTarget');
    const value = (operation.value ?? {}) as ScimBody;
    const read = readUser(value);
    return Object.fromEntries(
      Object.entries({ ...current, ...read }).map(([key, item]) => [
        key,
        item === undefined ? current[key as keyof typeof current] : item,
      ]),
    ) as typeof current;
  }
  const value = op === 'remove' ? undefined : operation.value;
  const key = path.toLowerCase();
  if (key === 'active') return { ...current, active: value ?? true };
  if (key === 'username' || /^emails(\[.*\])?(\.value)?$/.test(key))
    return { ...current, email: Array.isArray(value) ? (value[0] as ScimBody)?.value : value };
  if (key === 'displayname' || key === 'name.formatted') return { ...current, fullname: value };
  if (key === 'roles' || /^roles(\[.*\])?(\.value)?$/.test(key))
    return {
      ...current,
      role:
        op === 'remove' ? 'viewer' : Array.isArray(value) ? (value[0] as ScimBody)?.value : value,
    };
  if (key === 'externalid') return { ...current, externalId: value };
  // An attribute Verity does not keep (title, phone numbers, a given name alone): left aside.
  return current;
}

/**
 * SCIM 2.0 for an organisation's directory (docs/decisions/0097-scim-provisioning.md): Users, with a
 * provisioning token of the organisation (`Authorization: Bearer`). Errors are SCIM's.
 */
const scimRoutes: FastifyPluginAsync = async (fastify) => {
  const { db } = fastify;
  fastify.decorateRequest('scimToken', null as unknown as SessionUser);
  // JSON under SCIM's media type; an empty body (a DELETE that names the type) is no body.
  const json = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser(SCIM_TYPE, { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : json(request, String(body), done),
  );
  fastify.addHook('onRequest', async (request: FastifyRequest) => {
    request.scimToken = (
      await tokenMember(db, request.headers.authorization ?? '', 'provisioning')
    ).user;
  });
  fastify.setErrorHandler(
    (error: Error & { statusCode?: number; scimType?: string }, request, reply) => {
      const status = error instanceof ApiError ? error.statusCode : (error.statusCode ?? 500);
      if (status >= 500) request.log.error({ err: error }, 'SCIM request failed');
      const headers = error instanceof ApiError ? error.headers : {};
      return reply
        .code(status)
        .headers(headers)
        .type(SCIM_TYPE)
        .send({
          schemas: [SCIM_ERROR_SCHEMA],
          status: String(status),
          ...(error.scimType ? { scimType: error.scimType } : {}),
          detail: status >= 500 ? 'Something went wrong.' : error.message,
        });
    },
  );

  const base = (_request: FastifyRequest) => `${fastify.config.publicUrl}/api/v1/scim/v2`;
  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply.code(status).type(SCIM_TYPE).send(body);
  const idOf = (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    if (!isUuid(id)) throw new ScimError(404, 'Resource not found.');
    return id;
  };
  const bodyOf = (request: FastifyRequest) => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new ScimError(
        400,
        'The body must be a SCIM resource (a JSON object).',
        'invalidSyntax',
      );
    return body as ScimBody;
  };
  const resource = { description: 'a SCIM resource or list (application/scim+json)' };
  const error = { description: 'a SCIM error: schemas, status, scimType?, detail' };
  const schema = (summary: string) => ({
    schema: {
      tags: ['provisioning'],
      summary,
      security: [{ apiToken: [] }],
      response: {
        200: resource,
        201: resource,
        204: { description: 'done; no body' },
        ...Object.fromEntries([400, 401, 403, 404, 409, 503].map((status) => [status, error])),
      },
    },
  });

  fastify.get(
    '/ServiceProviderConfig',
    schema('What this SCIM service supports'),
    async (_request, reply) =>
      send(reply, 200, {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
        patch: { supported: true },
        bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
        filter: { supported: true, maxResults: MAX_COUNT },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: false },
        authenticationSchemes: [
          {
            type: 'oauthbearertoken',
            name: 'Provisioning token',
            description: 'A provisioning token made by an owner under Settings, API tokens',
          },
        ],
      }),
  );

  fastify.get(
    '/Users',
    schema('The members, or those of one userName (filter=userName eq "...")'),
    async (request, reply) => {
      const query = request.query as { filter?: string; startIndex?: string; count?: string };
      let userName: string | undefined;
      if (query.filter !== undefined) {
        const match = /^\s*userName\s+eq\s+"([^"]*)"\s*$/i.exec(query.filter);
        if (!match)
          throw new ScimError(400, 'Only filter=userName eq "..." is supported.', 'invalidFilter');
        userName = match[1];
      }
      const startIndex = Math.max(1, Number.parseInt(query.startIndex ?? '1', 10) || 1);
      const count = Math.min(
        MAX_COUNT,
        Math.max(0, Number.parseInt(query.count ?? '100', 10) || 0),
      );
      const { rows, total } = await listMembers(db, request.scimToken, {
        userName,
        startIndex,
        count,
      });
      return send(reply, 200, {
        schemas: [SCIM_LIST_SCHEMA],
        totalResults: total,
        startIndex,
        itemsPerPage: rows.length,
        Resources: rows.map((row) => toScimUser(row, base(request))),
      });
    },
  );

  fastify.get('/Users/:id', schema('One member'), async (request, reply) =>
    send(
      reply,
      200,
      toScimUser(await findMember(db, request.scimToken, idOf(request)), base(request)),
    ),
  );

  fastify.post(
    '/Users',
    schema('Adds a member (admin, editor or viewer)'),
    async (request, reply) => {
      const read = readUser(bodyOf(request));
      if (read.active !== undefined && isFalse(read.active))
        throw new ScimError(400, 'A new member is active.', 'invalidValue');
      const input = checkedMember(request.scimToken.userType, read);
      const row = await createMember(db, request.scimToken, input);
      return send(reply, 201, toScimUser(row, base(request)));
    },
  );

  /** A PUT or PATCH: the member as the directory now says, or removed when inactive. */
  async function change(
    request: FastifyRequest,
    reply: FastifyReply,
    next: (current: ReturnType<typeof readUser>) => ReturnType<typeof readUser>,
  ) {
    let removed = false;
    const row = await updateMember(db, request.scimToken, idOf(request), (current) => {
      const after = next({
        email: current.email,
        fullname: current.fullname,
        role: current.role,
        active: true,
        externalId: current.external_id ?? undefined,
      });
      const active = !isFalse(after.active);
      removed = !active;
      const input: MemberInput = active
        ? checkedMember(request.scimToken.userType, after)
        : {
            email: current.email,
            fullname: current.fullname,
            role: current.role,
            externalId: null,
          };
      return { input, active };
    });
    // Their sessions ended with them: this process keeps none of them from now on (the others hear
    // the database's notice).
    if (removed || !row) {
      fastify.sessions.forgetUser(idOf(request));
      return reply.code(204).send();
    }
    return send(reply, 200, toScimUser(row, base(request)));
  }

  fastify.put(
    '/Users/:id',
    schema('Replaces a member; active false removes them'),
    async (request, reply) => {
      const read = readUser(bodyOf(request));
      return change(request, reply, (current) => ({
        ...current,
        ...Object.fromEntries(Object.entries(read).filter(([, value]) => value !== undefined)),
        role: read.role ?? 'viewer',
      }));
    },
  );

  fastify.patch(
    '/Users/:id',
    schema('Changes a member; active false removes them'),
    async (request, reply) => {
      idOf(request);
      const body = bodyOf(request);
      const operations = body.Operations;
      if (
        !Array.isArray(body.schemas) ||
        !body.schemas.includes(SCIM_PATCH_SCHEMA) ||
        !Array.isArray(operations) ||
        operations.length === 0 ||
        operations.length > 50
      )
        throw new ScimError(400, 'A PatchOp with 1 to 50 Operations is expected.', 'invalidSyntax');
      return change(request, reply, (current) =>
        (operations as ScimBody[]).reduce((member, operation) => {
          if (!operation || typeof operation !== 'object')
            throw new ScimError(400, 'Each operation is an object.', 'invalidSyntax');
          return patched(member, operation);
        }, current),
      );
    },
  );

  fastify.delete(
    '/Users/:id',
    schema('Removes a member: their sessions end at once'),
    async (request, reply) => {
      await removeMember(db, request.scimToken, idOf(request));
      return reply.code(204).send();
    },
  );

  fastify.get(
    '/Groups',
    schema('The groups, one per role a member may have (filter=displayName eq "...")'),
    async (request, reply) => {
      const { filter } = request.query as { filter?: string };
      let groups: readonly { id: string; displayName: string }[] = SCIM_GROUPS;
      if (filter !== undefined) {
        const match = /^\s*displayName\s+eq\s+"([^"]*)"\s*$/i.exec(filter);
        if (!match)
          throw new ScimError(
            400,
            'Only filter=displayName eq "..." is supported.',
            'invalidFilter',
          );
        groups = SCIM_GROUPS.filter(
          (group) => group.displayName.toLowerCase() === match[1]!.toLowerCase(),
        );
      }
      const resources = [];
      for (const group of groups)
        resources.push(await groupOf(db, request.scimToken, group.id, base(request)));
      return send(reply, 200, {
        schemas: [SCIM_LIST_SCHEMA],
        totalResults: resources.length,
        startIndex: 1,
        itemsPerPage: resources.length,
        Resources: resources,
      });
    },
  );

  fastify.get('/Groups/:id', schema('One group and its members'), async (request, reply) =>
    send(
      reply,
      200,
      await groupOf(db, request.scimToken, (request.params as { id: string }).id, base(request)),
    ),
  );

  fastify.patch(
    '/Groups/:id',
    schema(
      "Adds members to a role's group (they take the role) or removes them (they become viewers)",
    ),
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const body = bodyOf(request);
      const operations = body.Operations;
      if (!Array.isArray(operations) || operations.length === 0 || operations.length > 50)
        throw new ScimError(400, 'A PatchOp with 1 to 50 Operations is expected.', 'invalidSyntax');
      const added: string[] = [];
      const removed: string[] = [];
      for (const operation of operations as ScimBody[]) {
        const op = String(operation?.op ?? '').toLowerCase();
        const path = String(operation?.path ?? 'members');
        const values = (Array.isArray(operation?.value) ? operation.value : []) as ScimBody[];
        const named = /^members\[value eq "([^"]+)"\]$/i.exec(path)?.[1];
        const ids = named ? [named] : values.map((value) => String(value?.value ?? ''));
        if (!path.toLowerCase().startsWith('members'))
          throw new ScimError(400, 'Only a group’s members can be changed.', 'mutability');
        if (op === 'add') added.push(...ids);
        else if (op === 'remove') removed.push(...ids);
        else throw new ScimError(400, 'op must be add or remove.', 'invalidSyntax');
      }
      await changeGroupMembers(db, request.scimToken, id, added, removed);
      for (const member of [...added, ...removed]) fastify.sessions.forgetUser(member);
      return send(reply, 200, await groupOf(db, request.scimToken, id, base(request)));
    },
  );
};

export default scimRoutes;
