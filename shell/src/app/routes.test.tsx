import { act, screen, waitFor } from '@testing-library/react';
import { sessionStore } from '@verity/session';
import { renderApp, signedInAs, users } from '../test/render-app';

jest.mock('../remotes/federation');

describe('shell routes', () => {
  it.each([
    ['client', '/client', 'remote_client'],
    ['auditor', '/auditor', 'remote_auditor'],
    ['targetCompany', '/target-company', 'remote_target_company'],
  ] as const)('the root sends a signed-in %s to %s', async (userType, areaBase, remoteName) => {
    const { location } = renderApp('/', signedInAs(users[userType]));
    expect(await screen.findByRole('heading', { name: remoteName })).toBeInTheDocument();
    expect(location().pathname).toBe(areaBase);
  });

  it('the root sends a signed-out visitor to /login', async () => {
    const { location } = renderApp('/', { status: 'signed-out' });
    expect(await screen.findByText('Login your ACCOUNT')).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });

  it('a signed-in user who opens /login is sent to / and on to their area', async () => {
    const { location } = renderApp('/login', signedInAs(users.auditor));
    expect(await screen.findByRole('heading', { name: 'remote_auditor' })).toBeInTheDocument();
    expect(location().pathname).toBe('/auditor');
    expect(screen.queryByText('Login your ACCOUNT')).not.toBeInTheDocument();
  });

  it.each(['/nowhere', '/clients', '/login/extra', '/api-docs/x'])(
    'the unknown path %s redirects to /',
    async (path) => {
      const { location } = renderApp(path, signedInAs(users.client));
      expect(await screen.findByRole('heading', { name: 'remote_client' })).toBeInTheDocument();
      expect(location().pathname).toBe('/client');
    },
  );

  it('an unknown path while signed out ends on the login screen through /', async () => {
    const { router } = renderApp('/nowhere', { status: 'signed-out' });
    expect(await screen.findByText('Login your ACCOUNT')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('loads the current user on start and shows the loading state until it answers', async () => {
    let answer: () => void = () => undefined;
    const loadUser = jest.fn(
      () =>
        new Promise<void>((resolve) => {
          answer = () => {
            sessionStore.setState({ status: 'signed-in', user: users.client });
            resolve();
          };
        }),
    );
    renderApp('/client/users', { status: 'idle', loadUser });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(loadUser).toHaveBeenCalledTimes(1);
    await act(async () => answer());
    expect(await screen.findByRole('heading', { name: 'remote_client' })).toBeInTheDocument();
    expect(screen.getByText('/client/users')).toBeInTheDocument();
  });

  it('a 401 on start shows the login screen in place', async () => {
    const loadUser = jest.fn(async () =>
      sessionStore.setState({ status: 'signed-out', user: undefined }),
    );
    const { location } = renderApp('/client/users', { status: 'idle', loadUser });
    expect(await screen.findByText('Login your ACCOUNT')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login As Client' })).toBeInTheDocument();
    expect(loadUser).toHaveBeenCalledTimes(1);
    expect(location().pathname).toBe('/client/users');
  });

  it('any other error on start redirects to /login', async () => {
    const loadUser = jest.fn(async () =>
      sessionStore.setState({
        status: 'error',
        user: undefined,
        error: new Error('Internal error'),
      }),
    );
    const { location } = renderApp('/target-company/users', { status: 'idle', loadUser });
    expect(await screen.findByText('Login your ACCOUNT')).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });

  it.each([
    ['client', '/auditor/users', '/client'],
    ['client', '/target-company/dashboard', '/client'],
    ['auditor', '/client/target-companies/c1/dashboard', '/auditor'],
    ['targetCompany', '/auditor/target-companies', '/target-company'],
  ] as const)('a %s who opens %s is sent to %s', async (userType, path, ownArea) => {
    const { location } = renderApp(path, signedInAs(users[userType]));
    await waitFor(() => expect(location().pathname).toBe(ownArea));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('mounts the area remote inside the layout with the full path', async () => {
    renderApp(
      '/client/target-companies/c1/auditors/a1/au1/action-plans/p1',
      signedInAs(users.client),
    );
    const area = await screen.findByRole('region', { name: 'remote_client app' });
    expect(area).toHaveTextContent('/client/target-companies/c1/auditors/a1/au1/action-plans/p1');
    expect(screen.getByRole('main')).toContainElement(area);
    expect(screen.getByRole('banner')).toHaveTextContent('Client Dashboard');
  });
});
