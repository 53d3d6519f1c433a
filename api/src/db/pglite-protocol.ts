/** Messages between the API thread and the PGlite worker thread. Id 0 is the worker's "ready" reply. */
export type WorkerRequest =
  | { id: number; type: 'query'; sql: string; params?: unknown[] }
  /** A `COPY ... TO '/dev/blob'`: the reply carries its text and row count. */
  | { id: number; type: 'copy'; sql: string }
  | { id: number; type: 'close' };

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

export type WorkerReply =
  | { id: number; ok: true; rows: unknown[]; copied?: { text: string; rowCount: number } }
  | { id: number; ok: false; error: WorkerErrorDetail };
