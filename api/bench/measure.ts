// Throughput and latency of an HTTP route (autocannon) and of the same SQL called directly.
import autocannon from 'autocannon';

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, or failed (e.g. a pool wait past its 5 s limit). */
  failed?: number;
}

/** Concurrent connections (and SQL loops): 20, or BENCH_CONNECTIONS (the gap explorer is also measured at 50). */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

/**
 * BENCH_ENCODING=br (or gzip): asked with that Accept-Encoding, as a browser asks (a kept answer is
 * then sent compressed, once compressed); unset, uncompressed, as the runs before were measured.
 */
export const ENCODING = process.env.BENCH_ENCODING;

export async function measureHttp(url: string, cookie: string, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie, ...(ENCODING ? { 'accept-encoding': ENCODING } : {}) },
  });
  return {
    failed: result.non2xx + result.errors,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `call` run by CONNECTIONS concurrent loops for `seconds` (the API's pool of 10 connections is shared the same way). */
export async function measureCalls(
  call: () => Promise<unknown>,
  seconds: number,
): Promise<Figures> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      await call();
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}
