import { render, screen } from '@testing-library/react';
import { lazyPage, PageSuspense } from './lazy-page';

function UsersPage() {
  return <h1>Users</h1>;
}

describe('lazyPage', () => {
  it('shows the loading state until the page’s code arrives, then the page', async () => {
    let arrive: (module: { UsersPage: typeof UsersPage }) => void = () => undefined;
    const Page = lazyPage(
      () => new Promise<{ UsersPage: typeof UsersPage }>((resolve) => (arrive = resolve)),
      'UsersPage',
    );
    render(
      <PageSuspense>
        <Page />
      </PageSuspense>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'Users' })).toBeNull();
    arrive({ UsersPage });
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
