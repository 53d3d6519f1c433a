// A reader of server-sent events over a real HTTP connection, as a browser's EventSource reads them:
// the status and headers, then each event (its name and data) in the order it came.
import http from 'node:http';

export interface StreamEvent {
  event: string;
  data: string;
}

export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event so far, in order (comments such as heartbeats are not events). */
  events: StreamEvent[];
  /** The body of an answer that is not a stream. */
  body(): Promise<string>;
  /** Resolves with the first event (past or future) for which `matches` is true. */
  waitFor(matches: (event: StreamEvent) => boolean, what: string): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The `Cookie` header of a session's cookies. */
export const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');

/** How long waitFor waits before it fails with what it waited for (a failure, never a pass). */
const WAIT_LIMIT_MS = 30_000;

export function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } });
    request.on('error', reject);
    request.on('response', (response) => {
      response.setEncoding('utf8');
      const events: StreamEvent[] = [];
      const waiters: {
        matches: (event: StreamEvent) => boolean;
        done: (e: StreamEvent) => void;
      }[] = [];
      let buffered = '';
      let text = '';
      const streaming = String(response.headers['content-type']).startsWith('text/event-stream');
      const ended = new Promise<void>((done) => {
        response.on('end', done);
        response.on('close', done);
      });
      response.on('data', (chunk: string) => {
        if (!streaming) {
          text += chunk;
          return;
        }
        buffered += chunk;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          let name = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) name = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length === 0) continue;
          const event = { event: name, data: data.join('\n') };
          events.push(event);
          for (const waiter of [...waiters]) {
            if (waiter.matches(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.done(event);
            }
          }
        }
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        body: () => ended.then(() => text),
        waitFor(matches, what) {
          const found = events.find(matches);
          if (found) return Promise.resolve(found);
          return new Promise((done, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`no event ${what} in ${JSON.stringify(events)}`)),
              WAIT_LIMIT_MS,
            );
            waiters.push({
              matches,
              done: (event) => {
                clearTimeout(timer);
                done(event);
              },
            });
          });
        },
        ended,
        close: () => request.destroy(),
      });
    });
  });
}
