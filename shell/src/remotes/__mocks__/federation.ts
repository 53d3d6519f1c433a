// Stands in for the Module Federation runtime in unit tests: each area's "remote" shows its name and path.
import { createElement } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteAppModule } from '../remote-unavailable';

export const REMOTE_APP_EXPOSE = 'app';

export function fakeRemoteModule(remoteName: string): RemoteAppModule {
  return {
    default: function FakeRemoteApp() {
      const { pathname } = useLocation();
      return createElement(
        'section',
        { 'aria-label': `${remoteName} app` },
        createElement('h1', null, remoteName),
        createElement('p', null, pathname),
      );
    },
  };
}

export const loadRemoteArea = jest.fn(async (remoteName: string) => fakeRemoteModule(remoteName));
export const registerRemotesFromConfig = jest.fn(async () => undefined);
