import { useLanguage } from '@verity/session';
import { lazy, Suspense, useId } from 'react';
import { NOTIFICATION_TEXT, unreadBadgeText } from '@verity/shared-api';
import { IconButton, Spinner } from '@verity/shared-ui';
import { notificationBellLabel } from '../../notification-strings';
import { BellIcon } from '../layout/icons';
import { useHeaderPanel } from '../layout/use-header-panel';
import { useUnreadCount } from './notification-queries';
import './notifications.css';

// The list, its dates and its actions load when the panel first opens, not with the frame.
const NotificationPanel = lazy(() => import('./notification-panel'));

export interface NotificationBellProps {
  /** How often the count is read again; tests pass a short one. */
  refreshMs?: number;
}

/**
 * The header's bell: the unread count (none at 0) and, on a press, a non-modal panel of the user's
 * notifications. Escape and a click outside close it, as they close the user panel.
 */
export function NotificationBell({ refreshMs }: NotificationBellProps) {
  useLanguage();
  const unread = useUnreadCount(refreshMs).data ?? 0;
  const { open, toggle, close, panelId, triggerRef, panelRef } = useHeaderPanel();
  const headingId = useId();

  return (
    <div className="notification-bell">
      <IconButton
        ref={triggerRef}
        label={notificationBellLabel(unread)}
        shape="round"
        className="notification-bell__trigger"
        icon={
          <>
            <BellIcon />
            {unread > 0 ? (
              <span className="notification-bell__badge" aria-hidden="true">
                {unreadBadgeText(unread)}
              </span>
            ) : null}
          </>
        }
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      />
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={headingId}
          className="notification-panel"
          tabIndex={-1}
        >
          <Suspense
            fallback={
              <>
                <h2 id={headingId} className="notification-panel__title">
                  {NOTIFICATION_TEXT.NOTIFICATIONS_LABEL}
                </h2>
                <Spinner />
              </>
            }
          >
            <NotificationPanel
              headingId={headingId}
              unread={unread}
              panelRef={panelRef}
              onOpened={() => close(false)}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
