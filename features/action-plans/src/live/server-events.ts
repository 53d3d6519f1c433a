// The area's one stream of server-sent events (docs/decisions/0054-live-updates.md): however many
// screens follow it, one EventSource is open (and one area is on screen at a time). It signs in
// with the session cookie, as every call does. A stream that fails is closed and opened again after
// a wait that doubles each time (the session renewed first, since an expired access cookie is one
// reason a stream is refused); while none can be opened, the followers are told every POLL_MS to
// read again what they show, as polling would.
import { API_BASE_PATH, apiClient, getCurrentUser } from '@verity/session';

export interface ServerEventFollower {
  /** One event of the stream: its name and its data, as text. */
  onEvent(name: string, data: string): void;
  /**
   * What the screen shows may be out of date: the stream opened again after a break (events sent
   * meanwhile were not heard), or, while no stream can be opened, every POLL_MS.
   */
  onStale(): void;
}

/** The part of the browser's EventSource used here; tests give their own. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface ServerEventsOptions {
  /** The stream's path under the API's base path. */
  path: string;
  /** The names of the events the followers hear. */
  eventNames: readonly string[];
  /** Defaults to the browser's EventSource; without one, the followers are polled every POLL_MS. */
  openSource?: (url: string) => EventSourceLike;
  /** Renews the session cookies when they have expired; defaults to reading the session through the API client. */
  renewSession?: () => Promise<unknown>;
}

/** The first wait before a failed stream is opened again, and the longest. */
export const RECONNECT_MS = { first: 1_000, last: 30_000 };
/** How often, while no stream opens, the followers are told to read again. */
export const POLL_MS = 30_000;
/** Failures in a row after which the followers are polled until a stream opens. */
export const FAILURES_BEFORE_POLLING = 2;

const browserSource = (url: string): EventSourceLike =>
  new EventSource(url, { withCredentials: true }) as unknown as EventSourceLike;

interface Stream {
  followers: Set<ServerEventFollower>;
  stop(): void;
}

const streams = new Map<string, Stream>();

/** A browser without EventSource (and jsdom) is polled from the start. */
const defaultSource = () => (typeof EventSource === 'function' ? browserSource : undefined);

function openStream(options: ServerEventsOptions, followers: Set<ServerEventFollower>): Stream {
  const openSource = options.openSource ?? defaultSource();
  const renewSession = options.renewSession ?? (() => getCurrentUser(apiClient));
  const url = `${API_BASE_PATH}/${options.path}`;
  let source: EventSourceLike | undefined;
  let failures = 0;
  let openedBefore = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const tellStale = () => {
    for (const follower of [...followers]) follower.onStale();
  };
  const stopPolling = () => {
    if (poll !== undefined) clearInterval(poll);
    poll = undefined;
  };

  const connect = (open: (url: string) => EventSourceLike) => {
    const current = open(url);
    source = current;
    current.onopen = () => {
      if (current !== source) return;
      const afterBreak = openedBefore || failures > 0;
      openedBefore = true;
      failures = 0;
      stopPolling();
      if (afterBreak) tellStale();
    };
    for (const name of options.eventNames) {
      current.addEventListener(name, (event) => {
        if (current !== source) return;
        for (const follower of [...followers]) follower.onEvent(name, event.data);
      });
    }
    // The browser would open a dropped stream again by itself, at a fixed pace, and gives up on a
    // refused one: both are taken in hand here, with a growing wait.
    current.onerror = () => {
      if (current !== source) return;
      current.close();
      source = undefined;
      failures += 1;
      if (failures >= FAILURES_BEFORE_POLLING && poll === undefined) {
        tellStale();
        poll = setInterval(tellStale, POLL_MS);
      }
      const wait = Math.min(RECONNECT_MS.first * 2 ** (failures - 1), RECONNECT_MS.last);
      retry = setTimeout(() => {
        retry = undefined;
        void renewSession()
          .catch(() => undefined)
          .then(() => {
            if (!stopped) connect(open);
          });
      }, wait);
    };
  };

  if (openSource) connect(openSource);
  else poll = setInterval(tellStale, POLL_MS);
  return {
    followers,
    stop() {
      stopped = true;
      if (retry !== undefined) clearTimeout(retry);
      stopPolling();
      source?.close();
      source = undefined;
    },
  };
}

/**
 * Follows the page's stream at `options.path`, opening it for the first follower and closing it
 * after the last; gives the function that stops following.
 */
export function followServerEvents(
  follower: ServerEventFollower,
  options: ServerEventsOptions,
): () => void {
  let stream = streams.get(options.path);
  if (!stream) {
    stream = openStream(options, new Set());
    streams.set(options.path, stream);
  }
  const { followers } = stream;
  followers.add(follower);
  return () => {
    if (!followers.delete(follower) || followers.size > 0) return;
    streams.get(options.path)?.stop();
    streams.delete(options.path);
  };
}
