import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { queryKeys } from '@verity/query';
import { MESSAGES, auditCategoryLabel, isAuditType, type Audit } from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import { getAudits } from '@verity/shared-api/calls';
import { auditTypeOptions } from '../audit-type-options';
import '@verity/shared-ui/src/styles/screen.css';
import {
  NO_AUDIT_FILTERS,
  auditCategoryOptions,
  auditFormLabel,
  auditTypeLabel,
  type AuditFilters,
} from './audit-filters';
import { useLanguage } from '@verity/session';
import { t } from '../texts';
import {
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

export interface AuditsTableScreenProps {
  targetCompanyId: string;
  auditorId: string;
  /** Where 'View Audits' of an audit leads (its action plans). */
  viewAuditsPath: (audit: Audit) => string;
  /** Shows 'Create Audit' on each row; the auditor area gives it, the others leave it out. */
  createAuditPath?: (audit: Audit) => string;
  /** Shows 'Import ESAP' on each row (auditor owners and admins). */
  importEsapPath?: (audit: Audit) => string;
  /** Shows 'Add New Audit', which calls it; the client area gives it. */
  onAddAudit?: () => void;
  /** The company-wide export of action plans, shown beside the page's other actions. */
  companyExport?: ReactNode;
  /** Where the page sits: its breadcrumb and the subject of its document title. */
  trail?: PageTrail;
}

/**
 * The audits of one auditor firm on one company, one page at a time, with search, type and category
 * filters (the server searches and filters).
 */
export function AuditsTableScreen({
  targetCompanyId,
  auditorId,
  viewAuditsPath,
  createAuditPath,
  importEsapPath,
  onAddAudit,
  companyExport,
  trail,
}: AuditsTableScreenProps) {
  useLanguage();
  const [filters, setFiltersNow] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const {
    list: loaded,
    search,
    setSearch,
    searched,
    page,
    goToPage,
  } = usePagedList({
    queryKey: queryKeys.audits({ targetCompanyId, auditorId }),
    filters: { ...filters },
    load: (query) =>
      getAudits({
        auditorId,
        targetCompanyId,
        ...query,
        auditType: filters.auditType || undefined,
        auditCategory: filters.auditCategory || undefined,
      }),
  });
  const shown = loaded.data?.audits ?? [];
  const filtered = Boolean(searched || filters.auditType || filters.auditCategory);

  /** New filters start at the first page. */
  function setFilters(change: (current: AuditFilters) => AuditFilters) {
    setFiltersNow(change);
    if (page !== 1) goToPage(1);
  }

  function onTypeChange(value: string) {
    const auditType = isAuditType(value) ? value : '';
    setFilters((current) => ({
      ...current,
      auditType,
      // A category of another type would hide every row.
      auditCategory: auditCategoryOptions(auditType).includes(current.auditCategory)
        ? current.auditCategory
        : '',
    }));
  }

  const columns: DataTableColumn<Audit>[] = [
    {
      key: 'type',
      header: t('audits.table.column.type'),
      cell: (audit) => auditTypeLabel(audit.auditType),
    },
    {
      key: 'category',
      header: t('audits.table.column.category'),
      cell: (audit) => auditCategoryLabel(audit.auditCategory),
    },
    {
      key: 'form',
      header: t('audits.table.column.form'),
      cell: (audit) => auditFormLabel(audit.auditForm),
    },
    {
      key: 'fields',
      header: t('audits.table.column.fieldsCount'),
      align: 'center',
      cell: (audit) => audit.fields?.length ?? 0,
    },
    {
      key: 'created',
      header: t('audits.table.column.created'),
      cell: (audit) => <DateText value={audit.createdAt} format="table" />,
    },
    {
      key: 'actions',
      header: t('audits.table.column.actions'),
      cell: (audit) => (
        <div className="vui-table-actions">
          <Link
            to={viewAuditsPath(audit)}
            {...buttonStyleProps({ variant: 'secondary', size: 'sm' })}
          >
            {t('audits.table.viewAudits')}
          </Link>
          {createAuditPath ? (
            <Link
              to={createAuditPath(audit)}
              {...buttonStyleProps({ variant: 'primary', size: 'sm' })}
            >
              {t('audits.table.createAudit')}
            </Link>
          ) : null}
          {importEsapPath ? (
            <Link
              to={importEsapPath(audit)}
              {...buttonStyleProps({ variant: 'secondary', size: 'sm' })}
            >
              {t('audits.table.importEsap')}
            </Link>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <div className="vui-screen">
      <PageHeader
        title={t('audits.table.title')}
        trail={trail}
        actions={
          companyExport || onAddAudit ? (
            <>
              {companyExport}
              {onAddAudit ? (
                <Button onClick={onAddAudit}>{t('audits.table.addNewAudit')}</Button>
              ) : null}
            </>
          ) : null
        }
      />
      <div className="vui-screen-toolbar">
        <SearchBox value={search} onChange={setSearch} placeholder={t('audits.table.search')} />
        <SelectField
          label={t('audits.table.typeFilter')}
          placeholder={t('audits.table.allTypes')}
          options={auditTypeOptions()}
          value={filters.auditType}
          onChange={(event) => onTypeChange(event.target.value)}
        />
        <SelectField
          label={t('audits.table.categoryFilter')}
          placeholder={t('audits.table.allCategories')}
          options={auditCategoryOptions(filters.auditType).map((category) => ({
            value: category,
            label: auditCategoryLabel(category),
          }))}
          value={filters.auditCategory}
          onChange={(event) =>
            setFilters((current) => ({ ...current, auditCategory: event.target.value }))
          }
        />
      </div>
      {loaded.isError && isNotFound(loaded.error) ? (
        <NotFoundState />
      ) : loaded.isError ? (
        <p className="vui-screen-error" role="alert">
          {getErrorText(loaded.error, t('audits.table.failedToFetch'))}
        </p>
      ) : (
        <>
          <DataTable
            caption={t('audits.table.caption')}
            columns={columns}
            rows={shown}
            getRowKey={(audit) => audit._id}
            loading={loaded.isPending}
            emptyText={filtered ? MESSAGES.NO_AUDIT_RECORDS_FOUND : MESSAGES.NO_AUDITS_FOUND}
          />
          <ListPages list={loaded} itemLabel={t('audits.table.pagesOf')} onPageChange={goToPage} />
        </>
      )}
    </div>
  );
}
