import type { ReactNode } from 'react';
import { queryKeys } from '@verity/query';
import {
  MESSAGES,
  type TargetCompany,
  type TargetCompanyPage,
  type TargetCompanyQuery,
} from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import { getTargetCompanies } from '@verity/shared-api/calls';
import '@verity/shared-ui/src/styles/screen.css';
import { TargetCompanyCard } from './target-company-card';
import type { TargetCompanyCardLink } from './target-company-links';
import { useLanguage } from '@verity/session';
import { t } from './texts';
import {
  Button,
  EmptyState,
  LoadingState,
  PageHeader,
  ListPages,
  SearchBox,
  usePagedList,
} from '@verity/shared-ui';

export interface TargetCompaniesScreenProps {
  /** Which relative links each card shows, in order; see `targetCompanyCardLinks(user)`. */
  cardLinks: readonly TargetCompanyCardLink[];
  /**
   * Loads one page of the companies, searched on the server; defaults to GET /target-company (the
   * auditor area passes its own call).
   */
  load?: (query: TargetCompanyQuery) => Promise<TargetCompanyPage>;
  /**
   * What `load` loads, under `queryKeys.targetCompanies` (the auditor area names its firm); each
   * page's key adds the search and the page.
   */
  queryKey?: readonly unknown[];
  /** Shows 'Add Target Company', which calls it; omitted for users who may not add. */
  onAdd?: () => void;
  /** What 'Try Again' does; defaults to reloading the page. */
  onTryAgain?: () => void;
  /** More header actions an area adds, shown before 'Add Target Company'. */
  actions?: ReactNode;
}

function reloadPage() {
  window.location.reload();
}

/** The searchable list of target companies with a card per company, one page at a time. */
export function TargetCompaniesScreen({
  cardLinks,
  load = (query) => getTargetCompanies(query),
  queryKey = queryKeys.targetCompanies(),
  onAdd,
  onTryAgain = reloadPage,
  actions,
}: TargetCompaniesScreenProps) {
  useLanguage();
  const {
    list: companies,
    search,
    setSearch,
    goToPage,
    wholeTotal,
  } = usePagedList({ queryKey, load: (query) => load(query) });

  return (
    <div className="vui-screen">
      <PageHeader
        title={t('companies.page.title')}
        actions={
          actions || onAdd ? (
            <>
              {actions}
              {onAdd ? <Button onClick={onAdd}>{t('companies.page.add')}</Button> : null}
            </>
          ) : null
        }
      />
      <div className="vui-screen-toolbar">
        <SearchBox value={search} onChange={setSearch} placeholder={t('companies.list.search')} />
        {companies.isSuccess ? (
          <p className="vui-screen-toolbar__count">
            {t('companies.list.total', { total: wholeTotal })}
          </p>
        ) : null}
      </div>
      {companies.isPending ? <LoadingState /> : null}
      {companies.isError ? (
        <div className="vui-screen-error-state">
          <p className="vui-screen-error" role="alert">
            {getErrorText(companies.error, MESSAGES.FAILED_FETCH_TARGET_COMPANIES)}
          </p>
          <Button variant="secondary" onClick={onTryAgain}>
            {MESSAGES.TRY_AGAIN}
          </Button>
        </div>
      ) : null}
      {companies.isSuccess ? (
        <>
          <CompanyCards companies={companies.data.targetCompanies} links={cardLinks} />
          <ListPages
            list={companies}
            itemLabel={t('companies.list.pagesOf')}
            onPageChange={goToPage}
          />
        </>
      ) : null}
    </div>
  );
}

function CompanyCards({
  companies,
  links,
}: {
  companies: TargetCompany[];
  links: readonly TargetCompanyCardLink[];
}) {
  useLanguage();
  if (companies.length === 0) return <EmptyState title={MESSAGES.NO_TARGET_COMPANIES_FOUND} />;
  return (
    <ul className="vui-card-grid" aria-label={t('companies.list.label')}>
      {companies.map((company) => (
        <li key={company._id || company.id}>
          <TargetCompanyCard company={company} links={links} />
        </li>
      ))}
    </ul>
  );
}
