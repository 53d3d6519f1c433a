// The plan's ESAP revisions on its page (docs/decisions/0083-esap-revisions.md): loaded once the
// plan has a revision to show, so a plan's first screen carries none of it.
import { ESAP_REVISION_SCREEN as text, type PlanRevisions } from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { RevisionDifferences, formatDate } from '@verity/shared-ui';

export function PlanRevisionsSection({ revisions }: { revisions: PlanRevisions }) {
  useLanguage();
  if (revisions.currentRevision === 0) return null;
  return (
    <section className="vui-plan-revisions" aria-labelledby="vui-plan-revisions-title">
      <div className="vui-plan-revisions__header">
        <h2 id="vui-plan-revisions-title" className="vui-plan-revisions__title">
          {text.revisionsTitle}
        </h2>
        <p className="vui-plan-revisions__current">
          {text.currentRevision(revisions.currentRevision)}
        </p>
      </div>
      <ol className="vui-plan-revisions__list">
        {revisions.revisions.map((revision) => (
          <li key={revision.number} className="vui-plan-revisions__item">
            <details open={revision.number === revisions.currentRevision}>
              <summary>
                <strong>{text.revision(revision.number)}</strong>{' '}
                <span>{formatDate(revision.createdAt, 'table')}</span>
                {revision.createdBy.name ? <span> {text.by(revision.createdBy.name)}</span> : null}
                {revision.number === 0 ? <span> · {text.original}</span> : null}
                {revision.note ? (
                  <span className="vui-plan-revisions__note"> · {revision.note}</span>
                ) : null}
              </summary>
              {revision.differences ? (
                <RevisionDifferences
                  differences={revision.differences}
                  idPrefix={`vui-revision-${revision.number}`}
                />
              ) : null}
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
