import type { SessionUser } from '@verity/shared-api/src/server';
import { findGap } from '../../action-plans/gap-sql';
import type { Queryable } from '../../db';
import { notFound } from '../../errors';

export const routeDefaults = { tags: ['action plans'] };

/**
 * The gap as a write's answer gives it, read after the write; as `reader` sees it when given (an
 * image names an earlier gap with the same file only if they may see it), else naming none.
 */
export async function gapOrNotFound(db: Queryable, gapId: string, reader?: SessionUser) {
  const gap = await findGap(db, gapId, reader);
  if (!gap) throw notFound();
  return gap;
}
