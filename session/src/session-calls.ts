// The session's own calls: who is signed in, sign out, renew the cookies.
import type { KyInstance } from 'ky';
import { apiClient, REFRESH_PATH } from './http/client';
import type { SessionUserOf } from './session-user';

/** GET /auth/me: the signed-in user; rejects with the 401 when nobody is signed in. */
export async function getCurrentUser(client: KyInstance = apiClient): Promise<SessionUserOf> {
  const body = await client.get('auth/me').json<{ data: { user: SessionUserOf } }>();
  return body.data.user;
}

/** POST /auth/logout. */
export async function logout(client: KyInstance = apiClient): Promise<void> {
  await client.post('auth/logout');
}

/** POST /auth/refresh (the client does this by itself after a 403). */
export async function refresh(client: KyInstance = apiClient): Promise<void> {
  await client.post(REFRESH_PATH);
}
