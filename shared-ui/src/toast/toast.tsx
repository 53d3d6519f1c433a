import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { OptionsObject, SnackbarKey } from 'notistack';
import { TOAST_DURATIONS, TOAST_MAX } from '@verity/shared-api';
import '../styles/toast.css';

// The toasts' library (notistack, one copy for the page) loads with the first toast a page asks
// for, not before the first screen (docs/decisions/0109-languages.md, the first routes' budget).
// Each build (the shell, every area) has its own copy of this module, and the outlet is the
// shell's: a toast asked for before the outlet is up waits in its copy's `waiting`, and every copy
// sends what waits once the outlet says, on the page, that it is up.
type Notistack = typeof import('notistack');

/** Asked on the page by a copy that has a toast to show: the outlet mounts. */
const WANTED_EVENT = 'verity:toasts-wanted';
/** Said on the page by the outlet once mounted: each copy sends what waits. */
const READY_EVENT = 'verity:toasts-ready';

let library: Notistack | undefined;
let loading: Promise<Notistack> | undefined;
const waiting: { message: ReactNode; options: OptionsObject }[] = [];
let nextKey = 0;

const outletUp = () =>
  typeof document !== 'undefined' && document.documentElement.dataset.toasts === 'ready';

/**
 * Loads the toasts' library now: the tests do before their screens, so a toast shows as soon as it
 * is asked for, as on a page where the user has already seen one.
 */
export function loadToasts(): Promise<Notistack> {
  return load();
}

function load(): Promise<Notistack> {
  loading ??= import('notistack').then((loaded) => {
    library = loaded;
    return loaded;
  });
  return loading;
}

function sendWaiting(): void {
  if (!library || !outletUp()) return;
  for (const { message, options } of waiting.splice(0)) library.enqueueSnackbar(message, options);
}

if (typeof window !== 'undefined') window.addEventListener(READY_EVENT, sendWaiting);

/** The toasts' outlet, once the library is in. */
const Toaster = lazy(async () => {
  const { SnackbarProvider } = await load();
  function LoadedToaster() {
    useEffect(() => {
      document.documentElement.dataset.toasts = 'ready';
      window.dispatchEvent(new Event(READY_EVENT));
      return () => {
        delete document.documentElement.dataset.toasts;
      };
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
  const [wanted, setWanted] = useState(() => outletUp() || library !== undefined);
  useEffect(() => {
    const show = () => setWanted(true);
    window.addEventListener(WANTED_EVENT, show);
    if (waiting.length > 0) show();
    return () => window.removeEventListener(WANTED_EVENT, show);
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
  if (library && outletUp()) {
    library.enqueueSnackbar(message, { ...options, key });
    return key;
  }
  waiting.push({ message, options: { ...options, key } });
  void load().then(() => {
    window.dispatchEvent(new Event(WANTED_EVENT));
    sendWaiting();
  });
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
    const kept = waiting.filter((each) => key !== undefined && each.options.key !== key);
    waiting.splice(0, waiting.length, ...kept);
    if (library && outletUp()) library.closeSnackbar(key);
  },
};
