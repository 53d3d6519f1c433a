import type { ReactNode } from 'react';
import { SnackbarProvider, closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';
import { TOAST_DURATIONS, TOAST_MAX } from '@verity/shared-api';
import '../styles/toast.css';

/** Mounted once by the shell; every area's toasts appear here. */
export function ToastProvider({ children }: { children?: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={TOAST_MAX}
      autoHideDuration={TOAST_DURATIONS.blank}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {children}
    </SnackbarProvider>
  );
}

/** Toasts with the product's durations: 4000 ms for blank, error and custom, 2000 ms for success, loading never expires. */
export const toast = {
  message: (message: ReactNode): SnackbarKey =>
    enqueueSnackbar(message, { variant: 'default', autoHideDuration: TOAST_DURATIONS.blank }),
  success: (message: ReactNode): SnackbarKey =>
    enqueueSnackbar(message, { variant: 'success', autoHideDuration: TOAST_DURATIONS.success }),
  error: (message: ReactNode): SnackbarKey =>
    enqueueSnackbar(message, { variant: 'error', autoHideDuration: TOAST_DURATIONS.error }),
  info: (message: ReactNode): SnackbarKey =>
    enqueueSnackbar(message, { variant: 'info', autoHideDuration: TOAST_DURATIONS.custom }),
  warning: (message: ReactNode): SnackbarKey =>
    enqueueSnackbar(message, { variant: 'warning', autoHideDuration: TOAST_DURATIONS.custom }),
  loading: (message: ReactNode): SnackbarKey =>
    enqueueSnackbar(message, { variant: 'info', persist: true }),
  dismiss: (key?: SnackbarKey): void => closeSnackbar(key),
};
