import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { OptionsObject, SnackbarKey } from 'notistack';
import { TOAST_DURATIONS, TOAST_MAX } from '@verity/shared-api';
import '../styles/toast.css';

// The toasts' library (notistack) loads with the first toast a page asks for, not before the first
// screen: that toast waits in `waiting` and shows once it has loaded, a moment later
// (docs/decisions/0109-languages.md, the first routes' budget).
type Notistack = typeof import('notistack');

let library: Notistack | undefined;
let loading: Promise<Notistack> | undefined;
const waiting: { message: ReactNode; options: OptionsObject }[] = [];
let nextKey = 0;
const mountListeners = new Set<() => void>();

function load(): Promise<Notistack> {
  loading ??= import('notistack').then((loaded) => {
    library = loaded;
    for (const listener of mountListeners) listener();
    return loaded;
  });
  return loading;
}

/** The toasts' outlet, once the library is in: what waited is shown as it mounts. */
const Toaster = lazy(async () => {
  const notistack = await load();
  const { SnackbarProvider } = notistack;
  function LoadedToaster() {
    useEffect(() => {
      // Read when called: notistack's enqueueSnackbar is set once a provider is mounted.
      for (const { message, options } of waiting.splice(0)) {
        notistack.enqueueSnackbar(message, options);
      }
    }, []);
    // Toasts come from the end of the line a page is read along: the right, or the left in Arabic.
    const horizontal = document.documentElement.dir === 'rtl' ? 'left' : 'right';
    return (
      <SnackbarProvider
        maxSnack={TOAST_MAX}
        autoHideDuration={TOAST_DURATIONS.blank}
        anchorOrigin={{ vertical: 'top', horizontal }}
      />
    );
  }
  return { default: LoadedToaster };
});

/** Mounted once by the shell; every area's toasts appear here. */
export function ToastProvider({ children }: { children?: ReactNode }) {
  const [wanted, setWanted] = useState(Boolean(library));
  useEffect(() => {
    const show = () => setWanted(true);
    mountListeners.add(show);
    if (library) show();
    return () => {
      mountListeners.delete(show);
    };
  }, []);
  return (
    <>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  );
}

function enqueue(message: ReactNode, options: OptionsObject): SnackbarKey {
  const key = options.key ?? `toast-${(nextKey += 1)}`;
  if (library) library.enqueueSnackbar(message, { ...options, key });
  else {
    waiting.push({ message, options: { ...options, key } });
    void load();
  }
  return key;
}

/** Toasts with the product's durations: 4000 ms for blank, error and custom, 2000 ms for success, loading never expires. */
export const toast = {
  message: (message: ReactNode): SnackbarKey =>
    enqueue(message, { variant: 'default', autoHideDuration: TOAST_DURATIONS.blank }),
  success: (message: ReactNode): SnackbarKey =>
    enqueue(message, { variant: 'success', autoHideDuration: TOAST_DURATIONS.success }),
  error: (message: ReactNode): SnackbarKey =>
    enqueue(message, { variant: 'error', autoHideDuration: TOAST_DURATIONS.error }),
  info: (message: ReactNode): SnackbarKey =>
    enqueue(message, { variant: 'info', autoHideDuration: TOAST_DURATIONS.custom }),
  warning: (message: ReactNode): SnackbarKey =>
    enqueue(message, { variant: 'warning', autoHideDuration: TOAST_DURATIONS.custom }),
  loading: (message: ReactNode): SnackbarKey =>
    enqueue(message, { variant: 'info', persist: true }),
  dismiss: (key?: SnackbarKey): void => {
    if (library) library.closeSnackbar(key);
    else
      waiting.splice(
        0,
        waiting.length,
        ...waiting.filter((each) => key !== undefined && each.options.key !== key),
      );
  },
};
