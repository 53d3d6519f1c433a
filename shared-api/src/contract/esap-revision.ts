// The contract of ESAP revisions (docs/api.md "ESAP revisions").
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid, routeSchemas, signedInErrors, successWith } from './common';

export const RevisionFieldChange = Type.Object({
  /** A gap field (docs/api.md, Gap shape). */
  field: Type.String(),
  oldValue: Type.Unknown(),
  newValue: Type.Unknown(),
});
export type RevisionFieldChange = Static<typeof RevisionFieldChange>;

/** What one revision does (or, on a dry run, would do) to the plan's items. */
export const RevisionDifferences = Type.Object({
  added: Type.Array(
    Type.Object({ itemNumber: Type.String(), gapName: Type.String(), row: Type.Integer() }),
  ),
  changed: Type.Array(
    Type.Object({
      itemNumber: Type.String(),
      gapId: Uuid,
      row: Type.Integer(),
      /** The number the item had, when it was renumbered (its action word for word the same). */
      renumberedFrom: Nullable(Type.String()),
      /** A dropped item listed again: it takes back the status it had. */
      reinstated: Type.Boolean(),
      changes: Type.Array(RevisionFieldChange),
    }),
  ),
  dropped: Type.Array(
    Type.Object({ itemNumber: Type.String(), gapId: Uuid, gapName: Type.String() }),
  ),
  unchanged: Type.Integer({ description: 'items matched and left as they are' }),
});
export type RevisionDifferences = Static<typeof RevisionDifferences>;

/** The revision an import into an existing plan records (or would). */
export const EsapRevisionPreview = Type.Composite([
  RevisionDifferences,
  Type.Object({
    number: Type.Integer({ description: 'the revision this import is (or would be)' }),
    /** false: nothing differs, and no revision is recorded. */
    recorded: Type.Boolean(),
    note: Nullable(Type.String()),
  }),
]);
export type EsapRevisionPreview = Static<typeof EsapRevisionPreview>;

/** The plan of the audit whose items a file imported without a plan already are. */
export const EsapMatchingPlan = Type.Object({
  id: Uuid,
  actionPlanHeading: Type.String(),
  matchingItems: Type.Integer(),
  fileItems: Type.Integer(),
});
export type EsapMatchingPlan = Static<typeof EsapMatchingPlan>;

export const PlanRevision = Type.Object({
  number: Type.Integer({ description: '0: the plan as first created' }),
  note: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: Type.Object({ name: Type.String() }),
  /** null for Rev 0. */
  differences: Nullable(RevisionDifferences),
});
export type PlanRevision = Static<typeof PlanRevision>;

export const PlanRevisions = Type.Object({
  currentRevision: Type.Integer(),
  /** Newest first, down to Rev 0. */
  revisions: Type.Array(PlanRevision),
});
export type PlanRevisions = Static<typeof PlanRevisions>;

export const esapRevisionSchemas = routeSchemas({
  planRevisions: {
    params: Type.Object({ id: Uuid }),
    querystring: Type.Object({ targetCompanyId: Uuid }),
    response: { 200: successWith(PlanRevisions), ...signedInErrors },
  },
});
