// The change history of gaps and action plans (docs/api.md "ChangeEntry"): append-only entries, newest
// first, each with who made the change as they were then.
import { Type, type Static } from '@sinclair/typebox';
import { CHANGE_FIELDS } from '../domain/change-history';
import { GAP_CHANGE_PREVIEW } from '../domain/limits';
import { ROLES, USER_TYPES } from '../domain/user';
import { IsoDate, Nullable, Uuid, oneOf } from './common';

export const ChangeEntry = Type.Object({
  id: Uuid,
  field: oneOf(CHANGE_FIELDS, {
    description:
      "a field as the Gap or ActionPlan shape names it, or 'created', 'status', 'remark', 'attachment'",
  }),
  oldValue: Type.Unknown({ description: 'JSON: the value before; null when there was none' }),
  newValue: Type.Unknown({ description: 'JSON: the value after; null when it was taken away' }),
  reason: Nullable(Type.String({ description: 'why a due date or timeline moved later' })),
  changedBy: Type.Object({
    name: Type.String(),
    userType: oneOf(USER_TYPES),
    role: oneOf(ROLES),
  }),
  changedAt: IsoDate,
});
export type ChangeEntry = Static<typeof ChangeEntry>;

/** What a remark write changed on its gap: the version and history the next write builds on. */
export const GapRevision = Type.Object({
  id: Uuid,
  version: Type.Integer(),
  changeHistory: Type.Array(ChangeEntry, {
    description: `newest first: the newest ${GAP_CHANGE_PREVIEW} changes; GET /gap/{id}/changes gives earlier ones`,
  }),
  changeCount: Type.Integer({ minimum: 0, description: 'all the changes of the gap' }),
});
export type GapRevision = Static<typeof GapRevision>;

/** The version a write was based on: a stale one is refused (409) and changes nothing. */
export const BasedOnVersion = Type.Optional(
  Type.Integer({
    minimum: 1,
    description: 'the version the user saw; 409 when it is no longer current',
  }),
);

/** Why a due date or timeline moves later: 10 characters or more then (422 without). */
export const ChangeReason = Type.Optional(
  Type.String({ description: 'needed when a due date or timeline moves later (10+ characters)' }),
);
