import {
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useLanguage } from '@verity/session';
import { UNSAFE_DataRouterContext, useBlocker, type BlockerFunction } from 'react-router-dom';
import { ConfirmDialog } from '../confirm-dialog';
import { UNSAVED_CHANGES_TEXT as text } from './unsaved-changes-text';

export interface UnsavedChangesOptions {
  /** Told when the user chose Discard (to drop a stored draft as well). */
  onDiscard?: () => void;
  /** Ask before a reload or a closed tab; off where a stored draft already survives both. */
  askBeforeUnload?: boolean;
}

export interface UnsavedChanges {
  /** Runs `close` at once when nothing is unsaved; otherwise asks first and runs it on Discard. */
  confirmClose: (close: () => void) => void;
  /** The next change of page goes ahead without asking: call it after a save, before navigating. */
  release: () => void;
  /** The question; render it once inside the component that holds the input. */
  prompt: ReactNode;
}

/**
 * Keeps typed input from being lost by accident. While `dirty`: closing (through `confirmClose`),
 * leaving the page by Back, Forward or a link, reloading and closing the tab all ask first.
 * Leaving by Back needs the data router the shell runs on; outside one (a unit test under a
 * MemoryRouter) only the closing and the browser's own unload question remain.
 */
export function useUnsavedChanges(
  dirty: boolean,
  { onDiscard, askBeforeUnload = true }: UnsavedChangesOptions = {},
): UnsavedChanges {
  const guarding = useRef(dirty);
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);
  const inDataRouter = useContext(UNSAFE_DataRouterContext) !== null;

  useEffect(() => {
    guarding.current = dirty;
    if (!dirty || !askBeforeUnload) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (!guarding.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty, askBeforeUnload]);

  const confirmClose = useCallback((close: () => void) => {
    if (guarding.current) setPendingClose(() => close);
    else close();
  }, []);
  const release = useCallback(() => {
    guarding.current = false;
  }, []);

  const prompt = (
    <>
      <DiscardQuestion
        open={pendingClose !== null}
        onKeep={() => setPendingClose(null)}
        onDiscard={() => {
          const close = pendingClose;
          setPendingClose(null);
          onDiscard?.();
          close?.();
        }}
      />
      {/* One blocker at a time per router: only the form with unsaved input holds one. */}
      {inDataRouter && dirty ? <LeaveBlocker guarding={guarding} onDiscard={onDiscard} /> : null}
    </>
  );
  return { confirmClose, release, prompt };
}

function LeaveBlocker({
  guarding,
  onDiscard,
}: {
  guarding: RefObject<boolean>;
  onDiscard?: () => void;
}) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      guarding.current === true &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
    [guarding],
  );
  const blocker = useBlocker(shouldBlock);
  return (
    <DiscardQuestion
      open={blocker.state === 'blocked'}
      onKeep={() => blocker.reset?.()}
      onDiscard={() => {
        onDiscard?.();
        blocker.proceed?.();
      }}
    />
  );
}

function DiscardQuestion({
  open,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  useLanguage();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onKeep())}
      title={text.title}
      text={text.text}
      cancelLabel={text.keep}
      confirmLabel={text.discard}
      confirmVariant="danger"
      onConfirm={onDiscard}
    />
  );
}
