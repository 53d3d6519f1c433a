import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useRef, useState } from 'react';
import { usePageInAddress } from './use-page-in-address';

/** What a screen's list call is asked for: the search text and the page (both left out when unset). */
export interface PagedListRequest {
  search?: string;
  page?: number;
}

export interface PagedListOptions<T extends { total: number }> {
  /** The list's key without its page; the page's own key adds the filters, the search and the page. */
  queryKey: readonly unknown[];
  load: (request: PagedListRequest) => Promise<T>;
  /** The other filters the screen holds (their change should lead back to the first page). */
  filters?: Readonly<Record<string, string>>;
  enabled?: boolean;
}

/**
 * One page of a list that the server searches and pages: the page in the address (`?page=N`), the
 * search text (a new search starts at the first page), and the page shown kept on screen while the
 * next one loads.
 */
export function usePagedList<T extends { total: number }>({
  queryKey,
  load,
  filters = {},
  enabled,
}: PagedListOptions<T>) {
  const { page, goToPage } = usePageInAddress();
  const [search, setSearchText] = useState('');
  // Typing stays quick: the request follows the text once React has time for it.
  const searched = useDeferredValue(search).trim();
  const key = [...queryKey, { ...filters, search: searched, page: String(page) }] as const;
  const list = useQuery({
    queryKey: key,
    queryFn: () => load({ search: searched || undefined, page: page > 1 ? page : undefined }),
    placeholderData: keepPreviousData,
    enabled,
  });
  const setSearch = (next: string) => {
    setSearchText(next);
    if (page !== 1) goToPage(1);
  };
  // The count of the whole list (with the screen's filters), kept while a search narrows it.
  const wholeTotal = useRef<number | undefined>(undefined);
  if (!searched && list.data && !list.isPlaceholderData) wholeTotal.current = list.data.total;
  return {
    list,
    key,
    search,
    setSearch,
    searched,
    page,
    goToPage,
    /** Rows in the list without the search (the last count seen), else in the page's list. */
    wholeTotal: wholeTotal.current ?? list.data?.total,
  };
}
