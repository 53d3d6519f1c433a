/**
 * The session knows nothing of the product's contract: the contract registers the shape of its
 * signed-in user here (`declare module '@verity/session' { interface SessionRegister { user: ... } }`),
 * so the store and `useSession` are typed without this package importing the contract.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SessionRegister {}

/** The registered user type; `unknown` until the contract registers one. */
export type SessionUserOf = SessionRegister extends { user: infer User } ? User : unknown;
