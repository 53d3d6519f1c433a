import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The page in the address: a whole number from 1, else the first page. */
export function pageFromSearch(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
}

/**
 * The page of a list the address names (`?page=N`, none for the first), and the way to another one,
 * so that a page can be shared, reloaded and reached with Back.
 */
export function usePageInAddress(): { page: number; goToPage: (page: number) => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const goToPage = useCallback(
    (next: number) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next <= 1) params.delete('page');
          else params.set('page', String(next));
          return params;
        },
        { preventScrollReset: true },
      ),
    [setSearchParams],
  );
  return { page, goToPage };
}
