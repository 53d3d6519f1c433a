import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { queryKeys } from '@verity/query';
import {
  MESSAGES,
  auditCategoryLabel,
  AUDIT_FORM_LABELS,
  AUDIT_TYPE_LABELS,
  isAuditType,
  type CompanyAuditorEntry,
} from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import { getCompanyAuditors } from '@verity/shared-api/calls';
import { auditTypeOptions } from '../audit-type-options';
import '@verity/shared-ui/src/styles/screen.css';
import type { CompanyAuditorFilters } from './company-auditor-filters';
import { useLanguage } from '@verity/session';
import { t } from '../texts';
import {
  Badge,
  Button,
  buttonStyleProps,
  DateText,
  DataTable,
  SelectField,
  PageHeader,
  ListPages,
  SearchBox,
  usePagedList,
  type DataTableColumn,
  isNotFound,
  NotFoundState,
  type PageTrail,
} from '@verity/shared-ui';

export interface CompanyAuditorsScreenProps {
  targetCompanyId: string;
  /** Where an auditor's 'View Audits' leads (that firm's audits on this company). */
  auditsPath: (entry: CompanyAuditorEntry) => string;
  /** Shows 'Add New Auditor', which calls it; the client area gives it. */
  onAddAuditor?: () => void;
  /** Where the page sits: its breadcrumb and the subject of its document title. */
  trail?: PageTrail;
}

function BadgeList({ values }: { values: readonly ReactNode[] }) {
  if (values.length === 0) return <>-</>;
  return (
    <span className="vui-badge-list">
      {values.map((value, index) => (
        <Badge key={index}>{value}</Badge>
      ))}
    </span>
  );
}

const columns = (
  auditsPath: CompanyAuditorsScreenProps['auditsPath'],
): DataTableColumn<CompanyAuditorEntry>[] => [
  {
    key: 'auditor',
    header: t('audits.auditors.column.auditor'),
    cell: ({ auditor }) => (
      <div className="vui-cell-stack">
        <strong>{auditor.auditorName}</strong>
        {auditor.registeredName ? <span>{auditor.registeredName}</span> : null}
        <span className="vui-card-details__muted">{auditor.emailId}</span>
      </div>
    ),
  },
  {
    key: 'types',
    header: t('audits.auditors.column.auditTypes'),
    cell: (entry) => (
      <BadgeList values={entry.auditType.map((type) => AUDIT_TYPE_LABELS[type] ?? type)} />
    ),
  },
  {
    key: 'categories',
    header: t('audits.auditors.column.categories'),
    cell: (entry) => <BadgeList values={entry.auditCategory.map(auditCategoryLabel)} />,
  },
  {
    key: 'forms',
    header: t('audits.auditors.column.formTypes'),
    cell: (entry) => (
      <BadgeList values={entry.formType.map((form) => AUDIT_FORM_LABELS[form] ?? form)} />
    ),
  },
  {
    key: 'joined',
    header: t('audits.auditors.column.joined'),
    cell: (entry) => <DateText value={entry.createdAt || entry.auditor.createdAt} format="table" />,
  },
  {
    key: 'actions',
    header: t('audits.auditors.column.actions'),
    cell: (entry) => (
      <Link to={auditsPath(entry)} {...buttonStyleProps({ variant: 'secondary', size: 'sm' })}>
        {t('audits.auditors.viewAudits')}
      </Link>
    ),
  },
];

/**
 * The auditor firms assigned to a target company, one page at a time, with search and an audit type
 * filter (the server searches and filters).
 */
export function CompanyAuditorsScreen({
  targetCompanyId,
  auditsPath,
  onAddAuditor,
  trail,
}: CompanyAuditorsScreenProps) {
  useLanguage();
  const [filters, setFilters] = useState<CompanyAuditorFilters>({ auditType: '' });
  const {
    list: loaded,
    search,
    setSearch,
    page,
    goToPage,
  } = usePagedList({
    queryKey: queryKeys.companyAuditors(targetCompanyId, {}),
    filters: { ...filters },
    load: (query) =>
      getCompanyAuditors(targetCompanyId, { ...query, auditType: filters.auditType || undefined }),
  });

  return (
    <div className="vui-screen">
      <PageHeader
        title={t('audits.auditors.title')}
        trail={trail}
        actions={
          onAddAuditor ? (
            <Button onClick={onAddAuditor}>{t('audits.auditors.addNewAuditor')}</Button>
          ) : null
        }
      />
      <div className="vui-screen-toolbar">
        <SearchBox value={search} onChange={setSearch} placeholder={t('audits.auditors.search')} />
        <SelectField
          label={t('audits.auditors.typeFilter')}
          placeholder={t('audits.auditors.allTypes')}
          options={auditTypeOptions()}
          value={filters.auditType}
          onChange={(event) => {
            const { value } = event.target;
            setFilters({ auditType: isAuditType(value) ? value : '' });
            if (page !== 1) goToPage(1);
          }}
        />
      </div>
      {loaded.isError && isNotFound(loaded.error) ? (
        <NotFoundState />
      ) : loaded.isError ? (
        <p className="vui-screen-error" role="alert">
          {getErrorText(loaded.error, MESSAGES.FAILED_FETCH_TARGET_COMPANY_AUDITORS)}
        </p>
      ) : (
        <>
          <DataTable
            caption={t('audits.auditors.caption')}
            columns={columns(auditsPath)}
            rows={loaded.data?.auditors ?? []}
            getRowKey={(entry) => entry.id || entry.auditor._id}
            loading={loaded.isPending}
            emptyText={MESSAGES.NO_AUDITORS_FOUND}
          />
          <ListPages
            list={loaded}
            itemLabel={t('audits.auditors.pagesOf')}
            onPageChange={goToPage}
          />
        </>
      )}
    </div>
  );
}
