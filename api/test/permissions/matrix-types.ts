// The shape of the permission matrix: per route, target and user type, the status for the roles
// [owner, admin, editor, viewer]. 403 = a role or user type that may not act (checked before the
// object, so also on foreign ids); 404 = an object outside the caller's tenancy.
import type { InjectOptions } from 'fastify';
import type { TenantIds } from './fixtures';
import type { RequestContext, Target } from './requests';

export type Status = 200 | 201 | 302 | 403 | 404 | 502;
type ByRole = readonly [owner: Status, admin: Status, editor: Status, viewer: Status];

export interface Expectations {
  client: ByRole;
  auditor: ByRole;
  targetCompany: ByRole;
}

export interface MatrixRow {
  /** Method and path as docs/api.md writes them (under /api/v1). */
  route: string;
  /** A write: a refused call must leave every table as it was. */
  write: boolean;
  own: Expectations;
  /** Absent when the route names no object of a tenant. */
  foreign?: Expectations;
  /** Ids sent foreign inside the home tenant's scope; such a call must answer as `foreign` does. */
  mixed?: readonly (keyof TenantIds)[];
  /**
   * The answer is a file (a photo, a PDF, a workbook), whose bytes hide any marker: the tenancy sweep
   * (permission-suite.ts) sends only its foreign-id call, whose refusal it can read. Its own-id
   * answers are the matrix's cells (and, for a report made on each call, its own tests).
   */
  file?: true;
  request(ctx: RequestContext): InjectOptions | Promise<InjectOptions>;
}

export const json = (
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload: object,
  query?: Record<string, string>,
): InjectOptions => ({ method, url, payload, query });

/** The own call lists without a filter; the foreign call filters by the foreign tenant's object. */
export const onlyForForeign = (target: Target, query: Record<string, string>) =>
  target === 'own' ? {} : query;

/** An identity account that belongs to no organisation yet: creating a company or a firm for it succeeds. */
export const UNATTACHED_ACCOUNT = 'new.person@verity.test';
/** An identity account with no target company membership (it is a Southbank client user). */
export const OTHER_UNATTACHED_ACCOUNT = 'client2.owner@verity.test';
