import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { axe } from 'jest-axe';
import { switchLanguage } from '@verity/session';
import { RouteError } from './route-error';

function Crash(): never {
  throw new Error('Cannot read the target company');
}

function renderRouteThatFails(element: JSX.Element, loader?: () => never) {
  const router = createMemoryRouter([
    {
      path: '/',
      element,
      loader,
      errorElement: <RouteError />,
      hydrateFallbackElement: <p>Loading...</p>,
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('route errors', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(async () => {
    jest.restoreAllMocks();
    await act(() => switchLanguage('en'));
  });

  it('a screen that throws shows the generic error page with the error text', async () => {
    renderRouteThatFails(<Crash />);
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot read the target company');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it.each([
    ['en', 404, 'Not Found', '404 Not Found'],
    ['en', 410, 'Gone', 'Error 410'],
    ['fr', 404, 'Not Found', '404 Page introuvable'],
    ['tr', 410, 'Gone', 'Hata 410'],
  ] as const)(
    'a route error response shows its status (%s, %i)',
    async (language, status, statusText, shown) => {
      await act(() => switchLanguage(language));
      renderRouteThatFails(<p>never shown</p>, () => {
        throw new Response('gone', { status, statusText });
      });
      expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    },
  );

  it('has no accessibility violations', async () => {
    const { container } = renderRouteThatFails(<Crash />);
    await screen.findByRole('alert');
    expect(await axe(container)).toHaveNoViolations();
  });
});
