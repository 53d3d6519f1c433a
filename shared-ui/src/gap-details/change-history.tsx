import { useLanguage } from '@verity/session';
import {
  ACTION_PLAN_CATEGORY_LABELS,
  CLOSURE_METHOD_LABELS,
  checkedFlagsText,
  CONDITION_TYPE_LABELS,
  RISK_SEVERITY_LABELS,
  ROLE_LABELS,
  STATUS_LABELS,
  USER_TYPE_LABELS,
  type ChangeEntry,
  type ClosureCheckFlag,
  type ClosureMethod,
  type NameValue,
} from '@verity/shared-api';
import { formatAmount } from '../currency-text';
import { DateText, formatDate } from '../date-text';
import { EmptyState } from '../empty-state';
import {
  CHANGE_FIELD_LABELS,
  CHANGE_HISTORY_TEXT,
  changedByText,
  labelledText,
  earlierChangesText,
  remarkAddedText,
} from './change-history-text';
import { ShowEarlier } from './show-earlier';
import './change-history.css';

export interface ChangeHistoryProps {
  /** Newest first, as the API sends them. */
  entries: readonly ChangeEntry[];
  /** What the history is of: its 'created' entry says 'Gap created' or 'Plan created'. */
  subject?: 'gap' | 'actionPlan';
  /** Changes before those given, not loaded yet: a button under the list shows them. */
  earlier?: number;
  /** Loads the next earlier changes; resolves once done, whatever the outcome (the caller reports it). */
  onShowEarlier?: () => Promise<void>;
}

const labelOf = (labels: Readonly<Record<string, string>>, value: unknown) =>
  typeof value === 'string' ? (labels[value] ?? value) : String(value);

type NameValues = Record<string, NameValue>;

const asNameValues = (value: unknown): NameValues =>
  value !== null && typeof value === 'object' ? (value as NameValues) : {};

/** 'Site: North yard; Budget: 42' for the entries of a custom field map (only `keys` when given). */
function nameValuesText(map: NameValues, keys?: readonly string[]): string | null {
  const shown = (keys ?? Object.keys(map))
    .map((key) => map[key])
    .filter((entry): entry is NameValue => Boolean(entry) && entry!.value !== '');
  return shown.length === 0
    ? null
    : shown.map((entry) => `${entry.name}: ${entry.value}`).join('; ');
}

/** A value of a field as the app shows it; null for none. */
export function valueText(field: ChangeEntry['field'], value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  switch (field) {
    case 'dueDate':
    case 'timeline':
      return formatDate(value as string, 'detail');
    case 'status':
      return labelOf(STATUS_LABELS, value);
    case 'riskSeverity':
      return labelOf(RISK_SEVERITY_LABELS, value);
    case 'category':
      return labelOf(ACTION_PLAN_CATEGORY_LABELS, value);
    case 'impactedSDGs':
      return Array.isArray(value) && value.length > 0 ? value.join(', ') : null;
    case 'requirementReferences':
      return Array.isArray(value) && value.length > 0 ? value.join('; ') : null;
    case 'conditionType':
      return labelOf(CONDITION_TYPE_LABELS, value);
    case 'amount':
      return formatAmount(value as { currency: 'USD'; value: number });
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** The old and new text of an entry, or null for an event (created, a remark, an image). */
function valuesOf(entry: ChangeEntry): [string | null, string | null] | null {
  const { field, oldValue, newValue } = entry;
  if (
    field === 'created' ||
    field === 'remark' ||
    field === 'attachment' ||
    field === 'closureReview' ||
    field === 'extensionRequest' ||
    field === 'extensionAnswer'
  )
    return null;
  if (field === 'fields' || field === 'addOns') {
    const before = asNameValues(oldValue);
    const after = asNameValues(newValue);
    // Only the custom fields that changed, named as the form names them.
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (key) => (before[key]?.value ?? '') !== (after[key]?.value ?? ''),
    );
    return [nameValuesText(before, keys), nameValuesText(after, keys)];
  }
  return [valueText(field, oldValue), valueText(field, newValue)];
}

/** What the entry is: the field's label, or the event it records. */
function titleOf(entry: ChangeEntry, subject: 'gap' | 'actionPlan'): string {
  switch (entry.field) {
    case 'created':
      return subject === 'gap' ? CHANGE_HISTORY_TEXT.gapCreated : CHANGE_HISTORY_TEXT.planCreated;
    case 'remark': {
      if (entry.newValue === null) return CHANGE_HISTORY_TEXT.remarkWithdrawn;
      const images = (entry.newValue as { attachments?: unknown }).attachments;
      return remarkAddedText(typeof images === 'number' ? images : 0);
    }
    case 'attachment':
      return CHANGE_HISTORY_TEXT.imageWithdrawn;
    case 'extensionAnswer':
      return (entry.newValue as { decision?: unknown } | null)?.decision === 'approve'
        ? CHANGE_HISTORY_TEXT.extensionApproved
        : CHANGE_HISTORY_TEXT.extensionDeclined;
    default:
      return CHANGE_FIELD_LABELS[entry.field] ?? entry.field;
  }
}

type Details = Record<string, unknown>;

/**
 * The facts an event keeps, as label and text: an acceptance's method, comment, site visit and the
 * warnings checked (docs/decisions/0085-lender-sign-off.md); an extension's date, reason and answer
 * (docs/decisions/0086-due-date-extensions.md).
 */
function detailsOf(entry: ChangeEntry): [string, string][] {
  const value = (entry.newValue ?? {}) as Details;
  const text = (item: unknown) => (typeof item === 'string' && item !== '' ? item : null);
  const rows: [string, string | null][] = [];
  if (entry.field === 'closureReview') {
    const method = text(value.method) as ClosureMethod | null;
    rows.push([CHANGE_HISTORY_TEXT.method, method ? CLOSURE_METHOD_LABELS[method] : null]);
    rows.push([
      CHANGE_HISTORY_TEXT.visitDate,
      text(value.visitDate) && formatDate(value.visitDate as string, 'detail'),
    ]);
    rows.push([CHANGE_HISTORY_TEXT.visitedBy, text(value.visitedBy)]);
    const flags = Array.isArray(value.checkedFlags)
      ? (value.checkedFlags as ClosureCheckFlag[])
      : [];
    if (flags.length > 0) rows.push(['', checkedFlagsText(flags)]);
    rows.push([CHANGE_HISTORY_TEXT.comment, text(value.comment)]);
  } else if (entry.field === 'extensionRequest' || entry.field === 'extensionAnswer') {
    rows.push([
      CHANGE_HISTORY_TEXT.newDueDate,
      text(value.dueDate) && formatDate(value.dueDate as string, 'detail'),
    ]);
    rows.push([CHANGE_HISTORY_TEXT.reason, text(value.reason)]);
    rows.push([CHANGE_HISTORY_TEXT.comment, text(value.comment)]);
  }
  return rows.filter((row): row is [string, string] => row[1] !== null);
}

/** A value, three lines at most; the whole is its title (hover). */
function ChangeValue({ text, kind }: { text: string | null; kind: 'old' | 'new' }) {
  useLanguage();
  return (
    <span className="vui-change__value" data-kind={kind} title={text ?? undefined}>
      {text ?? CHANGE_HISTORY_TEXT.none}
    </span>
  );
}

/** Every change of a gap (or a plan), newest first: what, from what to what, why, who and when. */
export function ChangeHistory({
  entries,
  subject = 'gap',
  earlier = 0,
  onShowEarlier,
}: ChangeHistoryProps) {
  useLanguage();
  if (entries.length === 0) return <EmptyState title={CHANGE_HISTORY_TEXT.empty} />;

  return (
    <>
      <ChangeList entries={entries} subject={subject} />
      {earlier > 0 && onShowEarlier ? (
        <ShowEarlier
          label={earlierChangesText(earlier)}
          className="vui-change-history__earlier"
          onShow={onShowEarlier}
        />
      ) : null}
    </>
  );
}

function ChangeList({
  entries,
  subject,
}: {
  entries: readonly ChangeEntry[];
  subject: 'gap' | 'actionPlan';
}) {
  useLanguage();
  return (
    <ol className="vui-change-history" aria-label={CHANGE_HISTORY_TEXT.tab}>
      {entries.map((entry) => {
        const values = valuesOf(entry);
        const { name, role, userType } = entry.changedBy;
        return (
          <li key={entry.id} className="vui-change">
            <div className="vui-change__header">
              <span className="vui-change__field">{titleOf(entry, subject)}</span>
              <span className="vui-change__date">
                <DateText value={entry.changedAt} format="dateTime" />
              </span>
            </div>
            {values ? (
              <p className="vui-change__values">
                <ChangeValue text={values[0]} kind="old" />
                <span className="vui-change__arrow" aria-hidden="true">
                  →
                </span>
                <span className="vui-sr-only"> {CHANGE_HISTORY_TEXT.changedTo} </span>
                <ChangeValue text={values[1]} kind="new" />
              </p>
            ) : null}
            {detailsOf(entry).map(([label, detail]) => (
              <p key={label || detail} className="vui-change__reason">
                {label ? (
                  <span className="vui-change__reason-label">{labelledText(label)}</span>
                ) : null}
                {label ? ' ' : null}
                {detail}
              </p>
            ))}
            {entry.reason ? (
              <p className="vui-change__reason">
                <span className="vui-change__reason-label">
                  {labelledText(CHANGE_HISTORY_TEXT.reason)}
                </span>{' '}
                {entry.reason}
              </p>
            ) : null}
            <p className="vui-change__by">
              {changedByText(
                name,
                ROLE_LABELS[role] ?? role,
                USER_TYPE_LABELS[userType] ?? userType,
              )}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
