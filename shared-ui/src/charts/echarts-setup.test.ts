import { readFileSync } from 'node:fs';
import path from 'node:path';

// echarts-setup only re-exports echarts/core, so a bundler would skip it (and its echarts.use) unless
// the package declares it as having side effects; without that the browser draws no chart.
test('the package declares echarts-setup as a module with side effects', () => {
  const pkg = JSON.parse(
    readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'),
  ) as {
    sideEffects: string[];
  };
  expect(pkg.sideEffects).toContain('./src/charts/echarts-setup.ts');
  expect(readFileSync(path.join(__dirname, 'echarts-setup.ts'), 'utf8')).toMatch(/echarts\.use\(/);
});
