// The servers read the contract's texts in English (english.ts), in production as in the tests.
import { readFileSync } from 'node:fs';
import path from 'node:path';

describe("the contract's English texts on a server", () => {
  const mode = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = mode;
  });

  it('fill in their values in production, where Lingui compiles nothing on the fly', () => {
    process.env.NODE_ENV = 'production';
    // The catalogue as a server reads it: plain JSON, not compiled by the tests' transform.
    const plain = JSON.parse(readFileSync(path.join(__dirname, 'locales/en.json'), 'utf8'));
    jest.isolateModules(() => {
      jest.doMock('./locales/en.json', () => plain);
      const { t } = jest.requireActual<typeof import('./english')>('./english');
      expect(t('contract.user.dashboardTitle', { userType: 'Client' })).toBe('Client Dashboard');
    });
  });
});
