import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
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
  const auditors = useQuery({ queryKey: queryKeys.auditors(), queryFn: () => getAuditors() });
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);

  const onCreated = (auditor: AuditorListItem) =>
    queryClient.setQueryData<AuditorListItem[]>(queryKeys.auditors(), (previous = []) => [
      auditor,
      ...previous,
    ]);

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
        {auditors.isSuccess ? (
          <p className="vui-screen-toolbar__count">
            {text.total}: {auditors.data.length}
          </p>
        ) : null}
      </div>
      {auditors.isPending ? <LoadingState /> : null}
      {auditors.isError ? (
        <p className="vui-screen-error" role="alert">
          {getErrorText(auditors.error, FAILED_FETCH_AUDITORS)}
        </p>
      ) : null}
      {auditors.isSuccess ? <AuditorCards auditors={searchAuditors(auditors.data, query)} /> : null}
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
