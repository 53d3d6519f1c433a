import { useLanguage } from '@verity/session';
import { Button } from '../button';
import '../styles/pagination.css';
import { t } from '../texts';

export interface PaginationProps {
  /** The page shown, from 1. */
  page: number;
  pageSize: number;
  /** Rows in the whole list. */
  total: number;
  /** What the rows are, in the plural, e.g. 'action plans'. */
  itemLabel: string;
  onPageChange: (page: number) => void;
  /** While the next page loads, the buttons wait. */
  busy?: boolean;
}

/** The last page of a list of `total` rows, `pageSize` a page (1 for an empty list). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Where a page sits in a list ('21–40 of 57 action plans') and the way to the pages beside it.
 * Nothing is shown when the whole list fits on one page.
 */
export function Pagination({
  page,
  pageSize,
  total,
  itemLabel,
  onPageChange,
  busy = false,
}: PaginationProps) {
  useLanguage();
  const last = lastPage(total, pageSize);
  if (total <= pageSize && page === 1) return null;
  const first = (page - 1) * pageSize + 1;
  const end = Math.min(total, page * pageSize);
  // A page past the end (a shared address, rows deleted since) says so and leads back.
  const rows = first === end ? `${first}` : `${first}–${end}`;
  const position =
    first > total
      ? t('ui.pagination.pastEnd', { page, last })
      : t('ui.pagination.position', { rows, total, itemLabel });
  return (
    <nav className="vui-pagination" aria-label={t('ui.pagination.label', { itemLabel })}>
      <p className="vui-pagination__position" aria-live="polite">
        {position}
      </p>
      <div className="vui-pagination__buttons">
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 1 || busy}
          onClick={() => onPageChange(Math.min(page - 1, last))}
        >
          {t('ui.pagination.previous')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= last || busy}
          onClick={() => onPageChange(page + 1)}
        >
          {t('ui.pagination.next')}
        </Button>
      </div>
    </nav>
  );
}

/** A loaded page of a list as a screen's query holds it (TanStack Query's result). */
export interface LoadedPage {
  isError: boolean;
  isPlaceholderData: boolean;
  data?: { page: number; pageSize: number; total: number };
}

/**
 * The pages of a list loaded one page at a time: nothing until a page has come (or when loading
 * failed), and the buttons waiting while the next page loads.
 */
export function ListPages({
  list,
  itemLabel,
  onPageChange,
}: {
  list: LoadedPage;
  itemLabel: string;
  onPageChange: (page: number) => void;
}) {
  if (list.isError || !list.data) return null;
  const { page, pageSize, total } = list.data;
  return (
    <Pagination
      page={page}
      pageSize={pageSize}
      total={total}
      itemLabel={itemLabel}
      onPageChange={onPageChange}
      busy={list.isPlaceholderData}
    />
  );
}
