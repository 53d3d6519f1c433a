// The rules of the cached answers (api/src/answer-cache.ts), on a clock of the test's own: an answer is
// served again only while its token, its group's notices and its time hold; callers at once share one
// computation; an invalidation while an answer is computed keeps it out of the cache.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { AnswerCache, ENTRY_BYTES, MAX_AGE_MS, MAX_BYTES } from '../src/answer-cache';

const CLIENT = 'client:a';
const FIRM = 'auditor:a';

describe('the cached answers', () => {
  let clock: number;
  let cache: AnswerCache;
  let token: string;
  let computed: number;

  beforeEach(() => {
    clock = 1_000_000;
    cache = new AnswerCache(() => clock);
    token = 't1';
    computed = 0;
  });

  const work =
    (expiresAt = Number.POSITIVE_INFINITY) =>
    async () => {
      computed += 1;
      return { body: `answer ${computed}`, expiresAt };
    };
  const ask = async (key = CLIENT, expiresAt?: number) =>
    (await cache.answer({ key }, async () => token, work(expiresAt))).body;

  it('serves the answer again while the token holds, and works it out again when it changes', async () => {
    expect(await ask()).toBe('answer 1');
    expect(await ask()).toBe('answer 1');
    token = 't2';
    expect(await ask()).toBe('answer 2');
    expect(computed).toBe(2);
  });

  it("invalidates the answers of the groups a notice names, and no one else's", async () => {
    const other = 'client:b';
    await ask();
    await ask(other);
    await ask(FIRM);
    expect(computed).toBe(3);
    cache.invalidate([CLIENT, FIRM]);
    expect(await ask()).toBe('answer 4');
    expect(await ask(FIRM)).toBe('answer 5');
    expect(await ask(other)).toBe('answer 2');
    cache.invalidate([CLIENT]);
    expect(await ask(FIRM)).toBe('answer 5');
    expect(await ask()).toBe('answer 6');
  });

  it('invalidates every answer of a group at once, and only those', async () => {
    const inGroup = (key: string, group: string) =>
      cache.answer({ key, group }, async () => token, work());
    await inGroup('company:a page 1', 'company:a');
    await inGroup('company:a page 2', 'company:a');
    await inGroup('company:b page 1', 'company:b');
    expect(cache.size).toBe(3);
    expect((await inGroup('company:a page 2', 'company:a')).body).toBe('answer 2');
    cache.invalidate(['company:a']);
    expect(cache.size).toBe(1);
    expect((await inGroup('company:a page 1', 'company:a')).body).toBe('answer 4');
    expect((await inGroup('company:a page 2', 'company:a')).body).toBe('answer 5');
    expect((await inGroup('company:b page 1', 'company:b')).body).toBe('answer 3');
  });

  it('invalidates everything when notices may have been missed', async () => {
    await ask();
    await ask(FIRM);
    cache.invalidateAll();
    expect(cache.size).toBe(0);
    expect(await ask()).toBe('answer 3');
  });

  it('computes an answer again at its own end (the next due date), or after MAX_AGE_MS', async () => {
    await ask(undefined, clock + 5_000);
    clock += 4_999;
    expect(await ask()).toBe('answer 1');
    clock += 1;
    expect(await ask()).toBe('answer 2');
    clock += MAX_AGE_MS - 1;
    expect(await ask()).toBe('answer 2');
    clock += 1;
    expect(await ask()).toBe('answer 3');
  });

  it('has callers at once share one computation', async () => {
    let finish!: (answer: { body: string; expiresAt: number }) => void;
    const slow = () => {
      computed += 1;
      return new Promise<{ body: string; expiresAt: number }>((resolve) => {
        finish = resolve;
      });
    };
    const callers = Array.from(
      { length: 5 },
      async () => (await cache.answer({ key: CLIENT }, async () => token, slow)).body,
    );
    // Let every caller read its token and join the one computation.
    await new Promise((resolve) => setImmediate(resolve));
    finish({ body: 'shared', expiresAt: Number.POSITIVE_INFINITY });
    expect(await Promise.all(callers)).toEqual(Array(5).fill('shared'));
    expect(computed).toBe(1);
  });

  it('does not cache an answer invalidated while it was computed (the answer may predate the change)', async () => {
    const answer = await cache.answer(
      { key: CLIENT },
      async () => token,
      async () => {
        cache.invalidate([CLIENT]);
        return { body: 'begun before the change', expiresAt: Number.POSITIVE_INFINITY };
      },
    );
    expect(answer.body).toBe('begun before the change');
    expect(cache.size).toBe(0);
    expect(await ask()).toBe('answer 1');
  });

  it(`caches at most ${MAX_BYTES} bytes, the oldest answers going first`, async () => {
    const big = 'x'.repeat(MAX_BYTES / 4);
    for (let n = 1; n <= 5; n++)
      await cache.answer(
        { key: `client:${n}` },
        async () => token,
        async () => ({
          body: `${n}${big}`,
          expiresAt: Number.POSITIVE_INFINITY,
        }),
      );
    expect(cache.size).toBe(3);
    const again = await cache.answer({ key: 'client:1' }, async () => token, work());
    expect(again.body).toBe('answer 1');
    const cached = await cache.answer({ key: 'client:5' }, async () => token, work());
    expect(cached.body.startsWith('5')).toBe(true);
  });

  it("counts each answer's key and entry against the budget, so tiny answers are bounded too", async () => {
    const budget = 100 * (ENTRY_BYTES + 20);
    const small = new AnswerCache(() => clock, budget);
    for (let n = 0; n < 1000; n++)
      await small.answer(
        { key: `page ${String(n).padStart(4, '0')}` },
        async () => token,
        async () => ({
          body: '{"total":0}',
          expiresAt: Number.POSITIVE_INFINITY,
        }),
      );
    // Each costs its 11 bytes of JSON, its 9-character key and ENTRY_BYTES: 100 of them fit.
    expect(small.size).toBe(100);
  });

  it('compresses an answer once per encoding, to what decompresses to its JSON', async () => {
    const json = JSON.stringify({
      rows: Array.from({ length: 2000 }, (_, n) => ({ n, x: 'cell' })),
    });
    const answer = await cache.answer(
      { key: CLIENT },
      async () => token,
      async () => ({
        body: json,
        expiresAt: Number.POSITIVE_INFINITY,
      }),
    );
    const br = answer.in('br');
    const gzip = answer.in('gzip');
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(gunzipSync(gzip).toString()).toBe(json);
    expect(br.length).toBeLessThan(json.length / 10);
    // The cached answer's copies: the same bytes, not compressed again.
    const again = await cache.answer({ key: CLIENT }, async () => token, work());
    expect(again.in('br')).toBe(br);
    expect(again.in('gzip')).toBe(gzip);
  });
});
