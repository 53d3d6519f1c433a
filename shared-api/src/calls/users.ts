import type {
  ClientUser,
  ClientUsers,
  NewUserPayload,
  SignInLimit,
  UserCounts,
  UserPage,
  UserQuery,
} from '../contract';
import type { UserType } from '../domain/user';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf, pageInfoOf, query } from './envelope';

const NO_COUNTS: UserCounts = { total: 0, admins: 0, editors: 0, viewers: 0 };

async function usersAt(request: ReturnType<KyInstance['get']>): Promise<UserPage> {
  const data = await dataOf<Partial<UserPage>>(request);
  const users = data.users ?? [];
  return { users, ...pageInfoOf(users, data) };
}

const userSearch = ({ search, page, pageSize }: UserQuery) =>
  query({ search: search?.trim(), page, pageSize });

async function userFrom(request: ReturnType<KyInstance['post']>): Promise<ClientUser> {
  const data = await dataOf<{ user: ClientUser }>(request);
  return data.user;
}

/** GET /client/users: one page of the client's users, newest first, with the counts of all per role. */
export async function getClientUsers(
  filter: UserQuery = {},
  client: KyInstance = apiClient,
): Promise<ClientUsers> {
  const data = await dataOf<Partial<ClientUsers>>(
    client.get('client/users', { searchParams: userSearch(filter) }),
  );
  const users = data.users ?? [];
  return { users, counts: data.counts ?? NO_COUNTS, ...pageInfoOf(users, data) };
}

/** POST /client/user (client owner). */
export function createClientUser(
  payload: NewUserPayload,
  client: KyInstance = apiClient,
): Promise<ClientUser> {
  return userFrom(client.post('client/user', { json: payload }));
}

/** DELETE /client/user/{id} (client owner; never an owner, never oneself). */
export async function deleteClientUser(id: string, client: KyInstance = apiClient): Promise<void> {
  await client.delete(`client/user/${encodeURIComponent(id)}`);
}

/** GET /auditor/users: one page of the users of the auditor's firm. */
export function getAuditorUsers(
  filter: UserQuery = {},
  client: KyInstance = apiClient,
): Promise<UserPage> {
  return usersAt(client.get('auditor/users', { searchParams: userSearch(filter) }));
}

/** POST /auditor/user (auditor owner or admin). */
export function createAuditorUser(
  payload: NewUserPayload,
  client: KyInstance = apiClient,
): Promise<ClientUser> {
  return userFrom(client.post('auditor/user', { json: payload }));
}

/** DELETE /auditor/user/{id} (auditor owner or admin; never an owner, never oneself). */
export async function deleteAuditorUser(id: string, client: KyInstance = apiClient): Promise<void> {
  await client.delete(`auditor/user/${encodeURIComponent(id)}`);
}

/** GET /target-company/users: one page of the users of the caller's own target company. */
export function getCompanyUsers(
  targetCompanyId: string,
  filter: UserQuery = {},
  client: KyInstance = apiClient,
): Promise<UserPage> {
  return usersAt(
    client.get('target-company/users', {
      searchParams: { targetCompanyId, ...userSearch(filter) },
    }),
  );
}

/** POST /target-company/user (company owner or admin; the company comes from the session). */
export function createCompanyUser(
  payload: NewUserPayload,
  client: KyInstance = apiClient,
): Promise<ClientUser> {
  return userFrom(client.post('target-company/user', { json: payload }));
}

/** DELETE /target-company/user/{id} (company owner or admin; never an owner, never oneself). */
export async function deleteCompanyUser(id: string, client: KyInstance = apiClient): Promise<void> {
  await client.delete(`target-company/user/${encodeURIComponent(id)}`);
}

const SIGN_IN_LIMITS_PATH: Record<UserType, string> = {
  client: 'client/users/sign-in-limits',
  auditor: 'auditor/users/sign-in-limits',
  targetCompany: 'target-company/users/sign-in-limits',
};

/**
 * GET /{area}/users/sign-in-limits (those who manage the area's users): the organisation's users the
 * identity provider refuses to sign in for now, and until when. A company's needs its id.
 */
export async function getSignInLimits(
  userType: UserType,
  targetCompanyId?: string,
  client: KyInstance = apiClient,
): Promise<SignInLimit[]> {
  const searchParams: Record<string, string> =
    userType === 'targetCompany' ? { targetCompanyId: targetCompanyId ?? '' } : {};
  const data = await dataOf<{ limits?: SignInLimit[] }>(
    client.get(SIGN_IN_LIMITS_PATH[userType], { searchParams }),
  );
  return data.limits ?? [];
}
