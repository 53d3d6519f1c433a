// What an import did (or, dry, would do): the counts, each warning and error with its row and
// column, the rows with errors as a CSV, and the new plan.
import { Link } from 'react-router-dom';
import {
  ESAP_REVISION_SCREEN as revisionText,
  type EsapImportProblem,
  type EsapImportResult,
} from '@verity/shared-api';
import { saveBlob } from '@verity/shared-api/calls';
import { Button, RevisionDifferences, buttonStyleProps } from '@verity/shared-ui';
import { useLanguage } from '@verity/session';
import { ESAP_IMPORT_TEXTS as text } from '../../strings';
import { errorRowsCsv } from './error-rows-csv';

function Problems({
  id,
  title,
  problems,
  tone,
}: {
  id: string;
  title: string;
  problems: readonly EsapImportProblem[];
  tone: 'warning' | 'error';
}) {
  if (problems.length === 0) return null;
  return (
    <div className="va-import__problems" data-tone={tone}>
      <h3 id={id} className="va-import__problems-title">
        {title}
      </h3>
      <ul aria-labelledby={id}>
        {problems.map((problem, index) => (
          <li key={`${problem.row}-${problem.column}-${index}`}>
            <strong>{text.problemPlace(problem.row, problem.column, problem.itemNumber)}:</strong>{' '}
            {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface ImportResultProps {
  result: EsapImportResult;
  /** The new (or filled) plan's page, after a real import. */
  planPath?: string;
}

export function ImportResult({ result, planPath }: ImportResultProps) {
  useLanguage();
  const { gaps } = result;
  const counts: [string, number][] = [
    [text.counts.items, gaps.items],
    [result.dryRun ? text.counts.wouldImport : text.counts.imported, gaps.imported],
    [text.counts.alreadyInPlan, gaps.alreadyInPlan],
    [text.counts.withErrors, gaps.withErrors],
    [text.counts.sections, gaps.sections],
  ];
  return (
    <section className="va-import__section" aria-labelledby="va-import-result">
      <h2 id="va-import-result" className="va-import__section-title">
        {text.resultTitle}
      </h2>
      <p className="va-import__banner" data-tone={result.dryRun ? 'info' : 'success'} role="status">
        {result.dryRun
          ? text.dryRunDone
          : gaps.imported > 0
            ? text.imported(gaps.imported)
            : text.nothingImported}
      </p>
      {result.revision ? (
        <div className="va-import__revision" aria-labelledby="va-import-revision">
          <h3 id="va-import-revision" className="va-import__problems-title">
            {!result.revision.recorded
              ? revisionText.nothingChanged
              : result.dryRun
                ? revisionText.previewTitle(result.revision.number)
                : revisionText.recordedTitle(result.revision.number)}
          </h3>
          {result.revision.recorded ? (
            <RevisionDifferences differences={result.revision} idPrefix="va-import-revision" />
          ) : null}
        </div>
      ) : null}
      <dl className="va-import__counts">
        {counts.map(([label, value]) => (
          <div key={label} className="va-import__count">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Problems
        id="va-import-errors"
        title={text.errorsTitle(result.errors.length)}
        problems={result.errors}
        tone="error"
      />
      <Problems
        id="va-import-warnings"
        title={text.warningsTitle(result.warnings.length)}
        problems={result.warnings}
        tone="warning"
      />
      <div className="va-import__actions">
        {result.rejectedRows.length > 0 ? (
          <Button
            variant="secondary"
            onClick={() =>
              saveBlob(
                new Blob([errorRowsCsv(result)], { type: 'text/csv;charset=utf-8' }),
                text.errorRowsFileName,
              )
            }
          >
            {text.downloadErrors}
          </Button>
        ) : null}
        {planPath ? (
          <Link to={planPath} {...buttonStyleProps({ variant: 'primary' })}>
            {text.openPlan}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
