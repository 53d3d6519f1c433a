import { useEffect, useState } from 'react';
import { FAILED_FETCH_AUDITORS, NO_AUDITORS_FOUND, type AuditorListItem } from '@verity/shared-api';
import { getAuditors, getErrorText } from '@verity/shared-api/calls';
import {
  Button,
  Card,
  DateText,
  EmptyState,
  LoadingState,
  PageHeader,
  SearchBox,
} from '@verity/shared-ui';
import { AUDITORS_TEXT as text, CLIENT_PAGE_TITLES } from '../../strings';
import { CreateAuditorModal } from './create-auditor-modal';

type LoadState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; auditors: AuditorListItem[] };

export interface AuditorsScreenProps {
  /** Shows 'Add New Auditor' (client owners). */
  canAdd: boolean;
}

export function searchAuditors(auditors: AuditorListItem[], query: string): AuditorListItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return auditors;
  return auditors.filter((auditor) =>
    [auditor.auditorName, auditor.registeredName, auditor.emailId].some((value) =>
      (value ?? '').toLowerCase().includes(needle),
    ),
  );
}

/** The client's auditor firms: search, total count, a card each, and 'Add New Auditor'. */
export function AuditorsScreen({ canAdd }: AuditorsScreenProps) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    let current = true;
    getAuditors().then(
      (auditors) => current && setState({ status: 'ready', auditors }),
      (error: unknown) =>
        current &&
        setState({ status: 'error', message: getErrorText(error, FAILED_FETCH_AUDITORS) }),
    );
    return () => {
      current = false;
    };
  }, []);

  const onCreated = (auditor: AuditorListItem) =>
    setState((previous) =>
      previous.status === 'ready'
        ? { status: 'ready', auditors: [auditor, ...previous.auditors] }
        : { status: 'ready', auditors: [auditor] },
    );

  return (
    <div className="vui-screen">
      <PageHeader
        title={CLIENT_PAGE_TITLES.auditors}
        actions={
          canAdd ? <Button onClick={() => setAdding(true)}>{text.addNewAuditor}</Button> : null
        }
      />
      <div className="vui-screen-toolbar">
        <SearchBox value={query} onChange={setQuery} placeholder={text.search} />
        {state.status === 'ready' ? (
          <p className="vui-screen-toolbar__count">
            {text.total}: {state.auditors.length}
          </p>
        ) : null}
      </div>
      {state.status === 'loading' ? <LoadingState /> : null}
      {state.status === 'error' ? (
        <p className="vui-screen-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <AuditorCards auditors={searchAuditors(state.auditors, query)} />
      ) : null}
      {canAdd ? (
        <CreateAuditorModal open={adding} onOpenChange={setAdding} onCreated={onCreated} />
      ) : null}
    </div>
  );
}

function AuditorCards({ auditors }: { auditors: AuditorListItem[] }) {
  if (auditors.length === 0) return <EmptyState title={NO_AUDITORS_FOUND} />;
  return (
    <ul className="vui-card-grid" aria-label={text.listLabel}>
      {auditors.map((auditor) => (
        <li key={auditor.id}>
          <Card as="article" headingLevel={2} title={auditor.auditorName}>
            <dl className="vui-card-details">
              <div>
                <dt className="vui-card-details__muted">{text.registeredName}</dt>
                <dd>{auditor.registeredName || '-'}</dd>
              </div>
              <div>
                <dt className="vui-card-details__muted">{text.email}</dt>
                <dd>{auditor.emailId}</dd>
              </div>
              <div>
                <dt className="vui-card-details__muted">{text.created}</dt>
                <dd>
                  <DateText value={auditor.createdAt} format="card" />
                </dd>
              </div>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
