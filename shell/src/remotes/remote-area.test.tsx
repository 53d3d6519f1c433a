import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { renderApp, signedInAs, users } from '../test/render-app';
import { loadRemoteArea } from './federation';
import { fakeRemoteModule } from './__mocks__/federation';

jest.mock('./federation');

const loader = jest.mocked(loadRemoteArea);

describe('a remote that fails', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loader.mockImplementation(async (remoteName) => fakeRemoteModule(remoteName));
  });
  afterEach(() => jest.restoreAllMocks());

  it('that cannot be loaded shows the error page inside the layout', async () => {
    loader.mockRejectedValue(new Error('Failed to fetch http://localhost:8081/remoteEntry.js'));
    renderApp('/client/users', signedInAs(users.client));

    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(within(main).getByRole('alert')).toHaveTextContent(
      'The Client area could not be loaded. Check your connection, then refresh the page.',
    );
    expect(within(main).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Client Dashboard');
    expect(screen.getByRole('button', { name: 'Open user menu' })).toBeInTheDocument();
  });

  it('that crashes while rendering shows the error page inside the layout', async () => {
    loader.mockResolvedValue({
      default: function BrokenArea() {
        throw new Error('Cannot read properties of undefined');
      },
    });
    renderApp('/auditor/users', signedInAs(users.auditor));

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('alert')).toHaveTextContent(
      'The Auditor area stopped because of an unexpected error.',
    );
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('recovers when the sidebar leads to a page of the area that works', async () => {
    let broken = true;
    loader.mockResolvedValue({
      default: function SometimesBroken() {
        if (broken) throw new Error('Dashboard failed');
        return <p>Users page</p>;
      },
    });
    renderApp('/target-company/dashboard', signedInAs(users.targetCompany));
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();

    broken = false;
    await userEvent.click(screen.getByRole('link', { name: 'Users' }));
    expect(await screen.findByText('Users page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });

  it('has no accessibility violations on the error page inside the layout', async () => {
    loader.mockRejectedValue(new Error('offline'));
    const { container } = renderApp('/client/dashboard', signedInAs(users.client));
    await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(await axe(container)).toHaveNoViolations();
  });
});
