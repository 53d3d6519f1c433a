// What one revision of a plan's ESAP does to its items (docs/decisions/0083-esap-revisions.md): the
// new ones, the changed ones field by field (old → new), the dropped ones, and how many are left as
// they are. Shown by the import screen's preview and by the plan's list of revisions.
import { useLanguage } from '@verity/session';
import {
  ESAP_REVISION_SCREEN as text,
  type ChangeField,
  type RevisionDifferences as Differences,
} from '@verity/shared-api';
import { CHANGE_FIELD_LABELS } from '../gap-details/change-history-text';
import { valueText } from '../gap-details/change-history';
import './revision-differences.css';

export interface RevisionDifferencesProps {
  differences: Differences;
  /** Makes the lists' headings unique on a page showing several revisions. */
  idPrefix: string;
}

const fieldLabel = (field: string) => CHANGE_FIELD_LABELS[field as ChangeField] ?? field;
const shown = (field: string, value: unknown) =>
  valueText(field as ChangeField, value) ?? text.empty;

export function RevisionDifferences({ differences, idPrefix }: RevisionDifferencesProps) {
  useLanguage();
  const { added, changed, dropped, unchanged } = differences;
  return (
    <div className="vui-revision">
      {added.length > 0 ? (
        <div className="vui-revision__group" data-kind="added">
          <h4 id={`${idPrefix}-added`} className="vui-revision__title">
            {text.added(added.length)}
          </h4>
          <ul aria-labelledby={`${idPrefix}-added`} className="vui-revision__list">
            {added.map((item) => (
              <li key={item.itemNumber}>
                <strong>{text.item(item.itemNumber)}</strong> {item.gapName}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {changed.length > 0 ? (
        <div className="vui-revision__group" data-kind="changed">
          <h4 id={`${idPrefix}-changed`} className="vui-revision__title">
            {text.changed(changed.length)}
          </h4>
          <ul aria-labelledby={`${idPrefix}-changed`} className="vui-revision__list">
            {changed.map((item) => (
              <li key={item.gapId}>
                <strong>{text.item(item.itemNumber)}</strong>
                {item.renumberedFrom ? (
                  <span className="vui-revision__tag">
                    {text.renumbered(item.renumberedFrom, item.itemNumber)}
                  </span>
                ) : null}
                {item.reinstated ? (
                  <span className="vui-revision__tag">{text.reinstated}</span>
                ) : null}
                {item.changes.length > 0 ? (
                  <dl className="vui-revision__changes">
                    {item.changes.map((change) => (
                      <div key={change.field} className="vui-revision__change">
                        <dt>{fieldLabel(change.field)}</dt>
                        <dd>
                          <del>{shown(change.field, change.oldValue)}</del>
                          <span aria-hidden="true"> → </span>
                          <ins>{shown(change.field, change.newValue)}</ins>
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {dropped.length > 0 ? (
        <div className="vui-revision__group" data-kind="dropped">
          <h4 id={`${idPrefix}-dropped`} className="vui-revision__title">
            {text.dropped(dropped.length)}
          </h4>
          <ul aria-labelledby={`${idPrefix}-dropped`} className="vui-revision__list">
            {dropped.map((item) => (
              <li key={item.gapId}>
                <s>
                  <strong>{text.item(item.itemNumber)}</strong> {item.gapName}
                </s>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="vui-revision__unchanged">{text.unchanged(unchanged)}</p>
    </div>
  );
}
