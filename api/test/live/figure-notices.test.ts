// The rules by which a process trusts the answers it cached on the figure notices alone
// (api/src/live/figure-notices.ts): while it is listening to them, once its own fences are received,
// and for a browser only once that browser's fence is received.
import { FENCE_LOST_MS, FigureNotices } from '../../src/live/figure-notices';

const ACME = '0b6c3f1e-7d2a-4e8b-9c55-1a2b3c4d5e6f';
const SOUTHBANK = '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

function notices() {
  let now = 1_000_000;
  const told: string[] = [];
  const feed = new FigureNotices(() => now);
  feed.watch({
    company: (company, client) => told.push(`${company} of ${client}`),
    missed: () => told.push('missed'),
  });
  return {
    feed,
    told,
    later: (ms: number) => {
      now += ms;
    },
  };
}

describe('the figures notices', () => {
  it('trusts nothing cached before it is listening to the notices, nor once it is not listening', () => {
    const { feed, told } = notices();
    expect(feed.trusted()).toBe(false);
    feed.listening();
    expect(feed.trusted()).toBe(true);
    feed.notListening();
    expect(feed.trusted()).toBe(false);
    // Each change of state invalidates every cached answer.
    expect(told).toEqual(['missed', 'missed']);
  });

  it("tells a company's write to the watchers, and ignores anything else on the channel", () => {
    const { feed, told } = notices();
    feed.listening();
    for (const payload of [
      `c:${ACME}:${SOUTHBANK}`,
      `c:${ACME}`,
      `c:${ACME}:${SOUTHBANK}:${ACME}`,
      `c:${ACME}:not-an-id`,
      'c:not-an-id',
      `x:${ACME}:${SOUTHBANK}`,
      ACME,
      '',
      'f:',
      'c:',
    ]) {
      feed.notice(payload);
    }
    expect(told).toEqual(['missed', `${ACME} of ${SOUTHBANK}`]);
  });

  it('trusts nothing cached from its own write until it receives the fence sent after it', () => {
    const { feed } = notices();
    feed.listening();
    const fence = feed.fence();
    expect(feed.trusted()).toBe(false);
    feed.notice(`f:${feed.fence()}`);
    expect(feed.trusted()).toBe(false);
    feed.notice(`f:${fence}`);
    expect(feed.trusted()).toBe(true);
  });

  it("trusts nothing cached for a browser until it receives that browser's fence", () => {
    const writer = notices();
    const reader = notices();
    writer.feed.listening();
    reader.feed.listening();
    const fence = writer.feed.fence();
    expect(reader.feed.trusted(fence)).toBe(false);
    expect(reader.feed.trusted()).toBe(true);
    reader.feed.notice(`f:${fence}`);
    expect(reader.feed.trusted(fence)).toBe(true);
    // A fence received long ago is forgotten; its cookie is long gone by then.
    reader.later(5 * 60_000);
    reader.feed.notice(`f:${writer.feed.fence()}`);
    expect(reader.feed.trusted(fence)).toBe(false);
  });

  it('invalidates every cached answer when its fence could not be sent, or never comes', () => {
    const { feed, told, later } = notices();
    feed.listening();
    feed.lost(feed.fence());
    expect(told).toEqual(['missed', 'missed']);
    expect(feed.trusted()).toBe(true);

    feed.fence();
    later(FENCE_LOST_MS - 1);
    expect(feed.trusted()).toBe(false);
    later(2);
    expect(feed.trusted()).toBe(true);
    expect(told).toEqual(['missed', 'missed', 'missed']);
  });
});
