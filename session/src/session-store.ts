import { createStore, type StoreApi } from 'zustand/vanilla';
import { getErrorStatus, NetworkError } from './http/errors';
import { setSignOutPending, signOutPending, wipeDeviceData } from './device-data';
import { getCurrentUser as fetchCurrentUser, logout as postLogout } from './session-calls';
import type { SessionUserOf } from './session-user';

type SessionUser = SessionUserOf;

export type SessionStatus = 'idle' | 'loading' | 'signed-in' | 'signed-out' | 'error';

export interface SessionState {
  status: SessionStatus;
  user?: SessionUser;
  /** The failure of the last user load, when status is 'error'. */
  error?: unknown;
  /** 401 -> 'signed-out'; any other failure -> 'error' (the shell then goes to /login). */
  loadUser(): Promise<void>;
  /**
   * Clears the user, wipes what the device keeps and navigates on success; with no network it does
   * the same and sends the sign-out when the network is back; any other failure keeps the user and
   * rejects.
   */
  logout(redirectTo?: string): Promise<void>;
  setUser(user?: SessionUser): void;
}

export interface SessionStoreDeps {
  getCurrentUser?: () => Promise<SessionUser>;
  logout?: () => Promise<void>;
  navigate?: (path: string) => void;
}

export const DEFAULT_LOGOUT_REDIRECT = '/login';

export function createSessionStore(deps: SessionStoreDeps = {}): StoreApi<SessionState> {
  const getCurrentUser = deps.getCurrentUser ?? (() => fetchCurrentUser());
  const logoutCall = deps.logout ?? (() => postLogout());
  const navigate = deps.navigate ?? ((path: string) => window.location.assign(path));

  let loading: Promise<void> | undefined;

  return createStore<SessionState>()((set) => ({
    status: 'idle',
    user: undefined,
    error: undefined,

    loadUser() {
      // Overlapping loads (a remounted provider) share one request.
      loading ??= (async () => {
        set({ status: 'loading', error: undefined });
        try {
          if (signOutPending()) {
            // Signed out while offline: the server hears of it before anyone is taken as signed in.
            try {
              await logoutCall();
              setSignOutPending(false);
            } catch {
              // Still no network: signed out on this device all the same.
            }
            set({ status: 'signed-out', user: undefined, error: undefined });
            return;
          }
          const user = await getCurrentUser();
          set({ status: 'signed-in', user, error: undefined });
        } catch (error) {
          if (getErrorStatus(error) === 401)
            set({ status: 'signed-out', user: undefined, error: undefined });
          else set({ status: 'error', user: undefined, error });
        } finally {
          loading = undefined;
        }
      })();
      return loading;
    },

    async logout(redirectTo = DEFAULT_LOGOUT_REDIRECT) {
      try {
        await logoutCall();
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        setSignOutPending(true);
      }
      await wipeDeviceData();
      set({ status: 'signed-out', user: undefined, error: undefined });
      navigate(redirectTo);
    },

    setUser(user) {
      set(
        user
          ? { status: 'signed-in', user, error: undefined }
          : { status: 'signed-out', user: undefined },
      );
    },
  }));
}

export const sessionStore: StoreApi<SessionState> = createSessionStore();
