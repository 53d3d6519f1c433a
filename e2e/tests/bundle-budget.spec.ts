// The bundle budget of spec'd performance work: the design system's and the contract's own code
// stays small, and ECharts never loads before a chart is on screen. Read off the production builds.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ChunkReport {
  chunks: {
    id: string | number;
    name: string | null;
    initial: boolean;
    files: string[];
    modules: string[];
  }[];
}

const repoRoot = path.resolve(__dirname, '../..');
const builds = ['shell', 'remote-client', 'remote-auditor', 'remote-target-company'];
const BUDGET_BYTES = 60 * 1024;
const isEcharts = (module: string) =>
  /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(echarts|zrender|echarts-for-react)\//.test(
    module,
  );
const isOwnSharedCode = (module: string) => /^(shared-ui|shared-api)\/src\//.test(module);

function report(build: string): ChunkReport {
  return JSON.parse(readFileSync(path.join(repoRoot, build, 'dist', 'chunk-report.json'), 'utf8'));
}

function gzippedSize(build: string, files: string[]): number {
  return files
    .filter((file) => file.endsWith('.js'))
    .reduce(
      (sum, file) =>
        sum + gzipSync(readFileSync(path.join(repoRoot, build, 'dist', file)), { level: 9 }).length,
      0,
    );
}

for (const build of builds) {
  test(`${build}: shared-ui and shared-api code stays under 60 KB gzip`, () => {
    const { chunks } = report(build);
    const shared = chunks.filter((chunk) => chunk.name === 'verity-shared');
    expect(shared).toHaveLength(1);
    const own = chunks.flatMap((chunk) => chunk.modules).filter(isOwnSharedCode);
    const inSharedChunk = shared[0]!.modules.filter(isOwnSharedCode);
    // Everything of ours is in the measured chunk, but the lazily loaded chart canvas.
    expect(own.filter((module) => !inSharedChunk.includes(module))).toEqual([
      'shared-ui/src/charts/chart-canvas.tsx',
    ]);
    const size = gzippedSize(build, shared[0]!.files);
    console.log(`${build}: verity-shared ${(size / 1024).toFixed(1)} KB gzip`);
    expect(size).toBeLessThan(BUDGET_BYTES);
  });

  test(`${build}: ECharts is only in lazy chunks of its own`, () => {
    const { chunks } = report(build);
    const withEcharts = chunks.filter((chunk) => chunk.modules.some(isEcharts));
    expect(withEcharts.length).toBeGreaterThan(0);
    for (const chunk of withEcharts) {
      expect(chunk.initial).toBe(false);
      expect(chunk.modules.filter(isOwnSharedCode)).toEqual([]);
      expect(chunk.name).not.toBe('verity-shared');
    }
  });
}
