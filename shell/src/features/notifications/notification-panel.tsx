import { useLanguage } from '@verity/session';
import { useEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { NOTIFICATION_TEXT } from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import { Button, Spinner, formatDateTime, toast } from '@verity/shared-ui';
import { notificationsShownText } from '../../notification-strings';
import { t } from '../../strings';
import {
  loadedNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationList,
  type AppNotification,
} from './notification-queries';

export interface NotificationPanelProps {
  headingId: string;
  /** The bell's count (the list keeps it up to date). */
  unread: number;
  /** The panel itself, which takes the focus when the control that had it goes away. */
  panelRef: RefObject<HTMLDivElement | null>;
  /** A notification was opened: the panel gets out of the way of its gap. */
  onOpened: () => void;
}

/** Only a path inside this app is followed ('/client/...'), never another site ('//host'). */
function isInAppPath(link: string | null): link is string {
  return link !== null && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');
}

/** The bell's panel: newest first, a page at a time, unread ones marked in words and colour. */
export default function NotificationPanel({
  headingId,
  unread,
  panelRef,
  onOpened,
}: NotificationPanelProps) {
  useLanguage();
  const list = useNotificationList();
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const listRef = useRef<HTMLUListElement>(null);
  const notifications = loadedNotifications(list.data);
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const anyUnread = unread > 0 || notifications.some((item) => item.readAt === null);

  // A notification arrived while the panel is open (the bell's count went up): list it too.
  const countSeen = useRef(unread);
  const { refetch } = list;
  useEffect(() => {
    if (unread > countSeen.current) void refetch();
    countSeen.current = unread;
  }, [unread, refetch]);

  const onMarkAll = () =>
    markAll.mutate(undefined, {
      // The button is disabled once nothing is unread: the focus stays in the panel.
      onSuccess: () => panelRef.current?.focus(),
      onError: (error) => toast.error(getErrorText(error)),
    });

  // After 'Load more' the first of the newly loaded ones takes the focus, as the button may be gone.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || notifications.length <= index) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('.notification-item')[index]?.focus();
  }, [notifications.length]);
  const onLoadMore = () => {
    focusFrom.current = notifications.length;
    void list.fetchNextPage();
  };

  const markRead = (notification: AppNotification) => {
    if (notification.readAt === null) markOne.mutate(notification.id);
  };
  const open = (notification: AppNotification) => {
    markRead(notification);
    onOpened();
  };

  return (
    <>
      <div className="notification-panel__head">
        <h2 id={headingId} className="notification-panel__title">
          {NOTIFICATION_TEXT.NOTIFICATIONS_LABEL}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={!anyUnread}
          loading={markAll.isPending}
          onClick={onMarkAll}
        >
          {NOTIFICATION_TEXT.MARK_ALL_READ_LABEL}
        </Button>
      </div>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? (
        <p className="notification-panel__alert" role="alert">
          {getErrorText(list.error)}
        </p>
      ) : null}
      {list.isSuccess && notifications.length === 0 ? (
        <p className="notification-panel__empty">{NOTIFICATION_TEXT.NO_NOTIFICATIONS}</p>
      ) : null}
      {notifications.length > 0 ? (
        <ul ref={listRef} className="notification-panel__list">
          {notifications.map((notification) => (
            <li
              key={notification.id}
              className="notification-panel__entry"
              data-state={notification.readAt === null ? 'unread' : 'read'}
            >
              <NotificationEntry notification={notification} onOpen={open} onMarkRead={markRead} />
            </li>
          ))}
        </ul>
      ) : null}
      {list.hasNextPage ? (
        <div className="notification-panel__more">
          <span className="notification-panel__count">
            {notificationsShownText(notifications.length, total)}
          </span>
          <Button
            variant="secondary"
            size="sm"
            loading={list.isFetchingNextPage}
            onClick={onLoadMore}
          >
            {t('shell.bell.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function NotificationEntry({
  notification,
  onOpen,
  onMarkRead,
}: {
  notification: AppNotification;
  onOpen: (notification: AppNotification) => void;
  onMarkRead: (notification: AppNotification) => void;
}) {
  useLanguage();
  const content = (
    <>
      {notification.readAt === null ? (
        <span className="notification-item__dot">
          <span className="vui-sr-only">{t('shell.bell.unread')}: </span>
        </span>
      ) : null}
      <span className="notification-item__title">{notification.title}</span>
      <span className="notification-item__body">{notification.body}</span>
      <time className="notification-item__time" dateTime={notification.createdAt}>
        {formatDateTime(notification.createdAt)}
      </time>
    </>
  );
  if (isInAppPath(notification.link)) {
    return (
      <Link
        to={notification.link}
        className="notification-item"
        onClick={() => onOpen(notification)}
      >
        {content}
      </Link>
    );
  }
  // Nothing to open (the gap is gone): the entry can still be marked read.
  return (
    <div className="notification-item" tabIndex={-1}>
      {content}
      {notification.readAt === null ? (
        <Button variant="ghost" size="sm" onClick={() => onMarkRead(notification)}>
          {t('shell.bell.markRead')}
        </Button>
      ) : null}
    </div>
  );
}
