import type { SessionUser } from '../domain/user';

// The session package knows nothing of the contract: this tells it the shape of the signed-in user,
// so `useSession`, `sessionStore` and `getCurrentUser` are typed with `SessionUser`.
declare module '@verity/session' {
  interface SessionRegister {
    user: SessionUser;
  }
}
