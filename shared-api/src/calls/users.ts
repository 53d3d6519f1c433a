import type { ClientUser, ClientUsers, NewUserPayload, UserCounts } from '../contract';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf } from './envelope';

const NO_COUNTS: UserCounts = { total: 0, admins: 0, editors: 0, viewers: 0 };

async function usersAt(request: ReturnType<KyInstance['get']>): Promise<ClientUser[]> {
  const data = await dataOf<{ users?: ClientUser[] }>(request);
  return data.users ?? [];
}

async function userFrom(request: ReturnType<KyInstance['post']>): Promise<ClientUser> {
  const data = await dataOf<{ user: ClientUser }>(request);
  return data.user;
}

/** GET /client/users: the client's users, newest first, with the counts per role. */
export async function getClientUsers(client: KyInstance = apiClient): Promise<ClientUsers> {
  const data = await dataOf<Partial<ClientUsers>>(client.get('client/users'));
  return { users: data.users ?? [], counts: data.counts ?? NO_COUNTS };
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

/** GET /auditor/users: the users of the auditor's firm. */
export function getAuditorUsers(client: KyInstance = apiClient): Promise<ClientUser[]> {
  return usersAt(client.get('auditor/users'));
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

/** GET /target-company/users: the users of the caller's own target company. */
export function getCompanyUsers(
  targetCompanyId: string,
  client: KyInstance = apiClient,
): Promise<ClientUser[]> {
  return usersAt(client.get('target-company/users', { searchParams: { targetCompanyId } }));
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
