import { parseRemotesConfig } from './remotes-config';

describe('parseRemotesConfig', () => {
  it('reads the remotes the shell server lists', () => {
    const config = {
      remotes: [
        { name: 'remote_client', entry: 'http://localhost:8081/remoteEntry.js' },
        { name: 'remote_auditor', entry: 'http://localhost:8082/remoteEntry.js' },
      ],
    };
    expect(parseRemotesConfig(config)).toEqual(config);
  });

  it('drops properties it does not know', () => {
    expect(
      parseRemotesConfig({ remotes: [{ name: 'remote_client', entry: '/x.js', extra: 1 }] }),
    ).toEqual({
      remotes: [{ name: 'remote_client', entry: '/x.js' }],
    });
  });

  it.each([null, {}, { remotes: 'remote_client' }])(
    'refuses a file without a remotes list: %p',
    (value) => {
      expect(() => parseRemotesConfig(value)).toThrow('remotes.json has no "remotes" list');
    },
  );

  it.each([
    [{ name: 'remote_client' }],
    [{ entry: 'http://x/remoteEntry.js' }],
    [{ name: '', entry: 'x' }],
    [null],
  ])('refuses an entry without a name and URL: %p', (remote) => {
    expect(() => parseRemotesConfig({ remotes: [remote] })).toThrow(
      'remotes.json entry 0 needs a name and an entry URL',
    );
  });
});
