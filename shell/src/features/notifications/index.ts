export { NotificationBell } from './notification-bell';
export type { NotificationBellProps } from './notification-bell';
export { notificationKeys } from './notification-queries';
