import { STATUS_LABELS, type GapStatus } from '@verity/shared-api';

/** The words of working without a signal: the offline bar, the outbox, keeping a plan. */
export const OFFLINE_TEXT = {
  offline: 'Offline',
  offlineHint: 'Changes wait on this device and are sent when the network is back.',
  signInAgain: 'Sign in again to send the changes waiting on this device.',
  showOutbox: 'Outbox',
  outboxTitle: 'Changes made on this device',
  outboxEmpty: 'Nothing waits to be sent.',
  clearSent: 'Clear the sent ones',
  sendNow: 'Send now',
  waiting: 'Waiting to be sent',
  sent: 'Sent',
  refused: 'Refused',
  conflict: 'Changed meanwhile',
  conflictHint:
    'Someone changed this gap after you wrote this. Nothing you typed is lost: send it again on the gap as it is now, or discard it.',
  whenWritten: 'When you wrote it',
  now: 'Now',
  status: 'Status',
  sendAgain: 'Send again',
  discard: 'Discard',
  remark: 'Remark',
  closureRequest: 'Closure request',
  queued: 'Saved on this device. It is sent when you are back online.',
  stopKeeping: 'Stop keeping offline',
} as const;

export function waitingText(count: number): string {
  return count === 1 ? '1 change waiting to be sent' : `${count} changes waiting to be sent`;
}

/** Changes the server refused or that met a change made meanwhile: the user sends or discards them. */
export function decisionText(count: number): string {
  return count === 1 ? '1 change needs your decision' : `${count} changes need your decision`;
}

/** In a gap's panel: its changes made with no network, not sent yet. */
export function waitingHereText(count: number): string {
  return count === 1
    ? '1 change to this gap is waiting on this device to be sent'
    : `${count} changes to this gap are waiting on this device to be sent`;
}

export function keptSinceText(when: string): string {
  return `Available offline · saved ${when}`;
}

export function offlineCopyText(when: string): string {
  return `Offline copy from ${when}`;
}

export function statusChangeText(status: GapStatus): string {
  return `Status: ${STATUS_LABELS[status]}`;
}

export function photosText(count: number): string {
  return count === 1 ? '1 photo' : `${count} photos`;
}
