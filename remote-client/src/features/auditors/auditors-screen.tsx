import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import {
  MESSAGES,
  LIST_MAX_PAGE_SIZE,
  type AuditorListItem,
  type AuditorPage,
} from '@verity/shared-api';
import { getAuditors, getErrorText } from '@verity/shared-api/calls';
import {
  Button,
  Card,
  DateText,
  EmptyState,
  LoadingState,
  PageHeader,
  ListPages,
  SearchBox,
  usePagedList,
} from '@verity/shared-ui';
import { useLanguage } from '@verity/session';
import { AUDITORS_TEXT as text, CLIENT_PAGE_TITLES } from '../../strings';
import { CreateAuditorModal } from './create-auditor-modal';

export interface AuditorsScreenProps {
  /** Shows 'Add New Auditor' (client owners). */
  canAdd: boolean;
}

/**
 * The client's auditor firms, one page at a time: search (on the server), total count, a card each,
 * and 'Add New Auditor'.
 */
export function AuditorsScreen({ canAdd }: AuditorsScreenProps) {
  useLanguage();
  const {
    list: auditors,
    key,
    search,
    setSearch,
    goToPage,
    wholeTotal,
  } = usePagedList({ queryKey: queryKeys.auditors({}), load: (query) => getAuditors(query) });
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);

  const onCreated = (auditor: AuditorListItem) => {
    // The new firm leads the page shown; the dialogs' choice of firms loads again.
    queryClient.setQueryData<AuditorPage>(
      key,
      (shown) =>
        shown && { ...shown, auditors: [auditor, ...shown.auditors], total: shown.total + 1 },
    );
    void queryClient.invalidateQueries({
      queryKey: queryKeys.auditors({ pageSize: String(LIST_MAX_PAGE_SIZE) }),
    });
  };

  return (
    <div className="vui-screen">
      <PageHeader
        title={CLIENT_PAGE_TITLES.auditors}
        actions={
          canAdd ? <Button onClick={() => setAdding(true)}>{text.addNewAuditor}</Button> : null
        }
      />
      <div className="vui-screen-toolbar">
        <SearchBox value={search} onChange={setSearch} placeholder={text.search} />
        {auditors.isSuccess ? (
          <p className="vui-screen-toolbar__count">{text.total(wholeTotal)}</p>
        ) : null}
      </div>
      {auditors.isPending ? <LoadingState /> : null}
      {auditors.isError ? (
        <p className="vui-screen-error" role="alert">
          {getErrorText(auditors.error, MESSAGES.FAILED_FETCH_AUDITORS)}
        </p>
      ) : null}
      {auditors.isSuccess ? (
        <>
          <AuditorCards auditors={auditors.data.auditors} />
          <ListPages list={auditors} itemLabel={text.pagesOf} onPageChange={goToPage} />
        </>
      ) : null}
      {canAdd ? (
        <CreateAuditorModal open={adding} onOpenChange={setAdding} onCreated={onCreated} />
      ) : null}
    </div>
  );
}

function AuditorCards({ auditors }: { auditors: AuditorListItem[] }) {
  useLanguage();
  if (auditors.length === 0) return <EmptyState title={MESSAGES.NO_AUDITORS_FOUND} />;
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
