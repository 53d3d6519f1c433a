import {
  FAILURES_BEFORE_POLLING,
  POLL_MS,
  RECONNECT_MS,
  followServerEvents,
  type EventSourceLike,
  type ServerEventFollower,
  type ServerEventsOptions,
} from './server-events';

/** The browser's EventSource at the network edge: the test opens, sends on and breaks each one. */
class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(name: string, data: string) {
    for (const listener of this.listeners.get(name) ?? [])
      listener(new MessageEvent(name, { data }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

function setUp() {
  const sources: FakeSource[] = [];
  const renewals = { count: 0 };
  const options: ServerEventsOptions = {
    path: 'events',
    eventNames: ['change', 'resync'],
    openSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    renewSession: async () => {
      renewals.count += 1;
    },
  };
  const follower = () => {
    const heard: string[] = [];
    const handlers: ServerEventFollower = {
      onEvent: (name, data) => heard.push(`${name} ${data}`),
      onStale: () => heard.push('stale'),
    };
    return { heard, handlers };
  };
  const latest = () => sources.at(-1)!;
  return { sources, renewals, options, follower, latest };
}

/** Lets the wait before a reconnection pass, and the session renewal before it. */
async function passReconnectWait(ms: number) {
  jest.advanceTimersByTime(ms);
  await Promise.resolve();
  await Promise.resolve();
  await Promise.resolve();
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the page’s stream of server events', () => {
  it('opens one stream for every follower at the API’s path, and closes it after the last', () => {
    const { sources, options, follower, latest } = setUp();
    const first = follower();
    const second = follower();
    const stopFirst = followServerEvents(first.handlers, options);
    const stopSecond = followServerEvents(second.handlers, options);
    expect(sources.map((source) => source.url)).toEqual(['/api/v1/events']);

    latest().open();
    latest().send('change', '{"gapId":"g1"}');
    latest().send('unknown', 'ignored');
    expect(first.heard).toEqual(['change {"gapId":"g1"}']);
    expect(second.heard).toEqual(['change {"gapId":"g1"}']);

    stopFirst();
    expect(latest().closed).toBe(false);
    stopSecond();
    expect(latest().closed).toBe(true);
  });

  it('opens a failed stream again after a wait that doubles, renewing the session first', async () => {
    const { sources, renewals, options, follower, latest } = setUp();
    const { heard, handlers } = follower();
    const stop = followServerEvents(handlers, options);
    latest().open();
    expect(heard).toEqual([]);

    latest().fail();
    expect(sources[0]!.closed).toBe(true);
    await passReconnectWait(RECONNECT_MS.first - 1);
    expect(sources).toHaveLength(1);
    await passReconnectWait(1);
    expect(renewals.count).toBe(1);
    expect(sources).toHaveLength(2);

    // Refused again: the wait is twice as long.
    latest().fail();
    await passReconnectWait(RECONNECT_MS.first * 2 - 1);
    expect(sources).toHaveLength(2);
    await passReconnectWait(1);
    expect(sources).toHaveLength(3);

    // Open after a break: what was sent meanwhile was not heard, so the screens read again.
    latest().open();
    latest().send('change', 'after');
    expect(heard.filter((entry) => entry !== 'stale').at(-1)).toBe('change after');
    expect(heard).toContain('stale');
    stop();
  });

  it('polls the followers every 30 s while no stream opens, and stops once one does', async () => {
    const { options, follower, latest } = setUp();
    const { heard, handlers } = follower();
    const stop = followServerEvents(handlers, options);
    for (let failure = 1; failure <= FAILURES_BEFORE_POLLING; failure += 1) {
      latest().fail();
      await passReconnectWait(RECONNECT_MS.first * 2 ** (failure - 1));
    }
    expect(heard).toEqual(['stale']);
    jest.advanceTimersByTime(POLL_MS);
    expect(heard).toEqual(['stale', 'stale']);

    latest().open();
    const afterOpen = heard.length;
    jest.advanceTimersByTime(POLL_MS * 3);
    expect(heard).toHaveLength(afterOpen);
    stop();
  });

  it('never waits longer than 30 s between tries', async () => {
    const { sources, options, follower, latest } = setUp();
    const stop = followServerEvents(follower().handlers, options);
    for (let failure = 1; failure <= 10; failure += 1) {
      latest().fail();
      await passReconnectWait(RECONNECT_MS.last);
      expect(sources).toHaveLength(failure + 1);
    }
    stop();
  });

  it('polls every 30 s from the start where the browser has no EventSource', () => {
    const { options, follower } = setUp();
    const { heard, handlers } = follower();
    const stop = followServerEvents(handlers, { ...options, openSource: undefined });
    expect(heard).toEqual([]);
    jest.advanceTimersByTime(POLL_MS);
    expect(heard).toEqual(['stale']);
    stop();
    jest.advanceTimersByTime(POLL_MS * 2);
    expect(heard).toEqual(['stale']);
  });
});
