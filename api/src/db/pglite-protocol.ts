/** Messages between the API thread and the PGlite worker thread. Id 0 is the worker's "ready" reply. */
export type WorkerRequest =
  | { id: number; type: 'query'; sql: string; params?: unknown[] }
  /** A `COPY ... TO '/dev/blob'`: the reply carries its text and row count. */
  | { id: number; type: 'copy'; sql: string }
  | { id: number; type: 'close' }
  /** From now on, each NOTIFY on the channel comes back as a notification message. */
  | { id: number; type: 'listen'; channel: string }
  | { id: number; type: 'unlisten'; channel: string };

export interface WorkerErrorDetail {
  message: string;
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  severity?: string;
}

/** Id of the worker's messages that answer no request: a NOTIFY heard on a channel it listens to. */
export const NOTIFICATION_ID = -1;

export interface WorkerNotification {
  id: typeof NOTIFICATION_ID;
  ok: true;
  notification: { channel: string; payload: string };
}

export type WorkerReply =
  | { id: number; ok: true; rows: unknown[]; copied?: { text: string; rowCount: number } }
  | { id: number; ok: false; error: WorkerErrorDetail };
