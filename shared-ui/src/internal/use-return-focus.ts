import { useRef } from 'react';

/**
 * Radix dialogs return focus only to their own Trigger; ours are often opened from elsewhere
 * (a status selector, a row's button), so remember what had focus and go back to it.
 */
export function useReturnFocus(onCloseAutoFocus?: (event: Event) => void) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      if (opener.current?.isConnected) opener.current.focus();
    },
  };
}
