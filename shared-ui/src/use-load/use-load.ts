import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';

export type LoadState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

export interface LoadResult<T> {
  state: LoadState<T>;
  /** Changes the loaded data in place (a created user put first, a deleted one removed). */
  update: Dispatch<SetStateAction<T>>;
}

/**
 * Runs `load` when the screen mounts and whenever `key` changes; an answer that arrives after the
 * screen moved on (unmounted or a newer load) is ignored.
 */
export function useLoad<T>(load: () => Promise<T>, key: unknown): LoadResult<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render; `key` says when its inputs changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const update = useCallback<Dispatch<SetStateAction<T>>>((next) => {
    setState((previous) =>
      previous.status === 'ready'
        ? {
            status: 'ready',
            data: typeof next === 'function' ? (next as (value: T) => T)(previous.data) : next,
          }
        : previous,
    );
  }, []);

  return { state, update };
}
