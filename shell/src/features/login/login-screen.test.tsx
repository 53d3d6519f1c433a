import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { axe } from 'jest-axe';
import { assignLocation } from '../../lib/browser-location';
import { LoginScreen } from './login-screen';

jest.mock('../../lib/browser-location');

function renderLogin(path = '/login') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <LoginScreen />
    </MemoryRouter>,
  );
}

function activeImage() {
  return screen
    .getByTestId('login-background')
    .querySelector('[data-state="active"]')
    ?.getAttribute('data-image');
}

describe('login screen', () => {
  beforeEach(() => jest.mocked(assignLocation).mockClear());

  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it("carries the product name in its title and the subtitle 'Login your ACCOUNT'", () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Verity');
    expect(screen.getByText('Login your ACCOUNT')).toBeInTheDocument();
  });

  it('offers exactly the three sign-in buttons', () => {
    renderLogin();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Login As Client',
      'Login As Auditor',
      'Login As Target Company',
    ]);
  });

  it.each([
    ['Login As Client', '/api/v1/auth/client/verity'],
    ['Login As Auditor', '/api/v1/auth/auditor/verity'],
    ['Login As Target Company', '/api/v1/auth/target-company/verity'],
  ])('%s sends the browser to %s', async (label, url) => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: label }));
    expect(assignLocation).toHaveBeenCalledTimes(1);
    expect(assignLocation).toHaveBeenCalledWith(url);
  });

  it('shows no alert without a sign-in error', () => {
    renderLogin();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the sign-in error the API sent back', () => {
    renderLogin('/login?error=no_membership&userType=auditor');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your account has no access to the Auditor area. Ask an owner to add you.',
    );
  });

  it('shows a generic sign-in error for an unknown code', () => {
    renderLogin('/login?error=access_denied&userType=client');
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in failed. Please try again.');
  });

  it('rotates the background between two images every 8000 ms', () => {
    jest.useFakeTimers();
    jest.spyOn(Math, 'random').mockReturnValue(0);
    renderLogin();
    expect(screen.getByTestId('login-background').children).toHaveLength(2);
    expect(activeImage()).toBe('meadow');
    act(() => jest.advanceTimersByTime(7999));
    expect(activeImage()).toBe('meadow');
    act(() => jest.advanceTimersByTime(1));
    expect(activeImage()).toBe('leaves');
    act(() => jest.advanceTimersByTime(8000));
    expect(activeImage()).toBe('meadow');
  });

  it('starts at a random image', () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.75);
    renderLogin();
    expect(activeImage()).toBe('leaves');
  });

  it('has no accessibility violations, with and without an error', async () => {
    const { container, unmount } = renderLogin();
    expect(await axe(container)).toHaveNoViolations();
    unmount();
    const withError = renderLogin('/login?error=no_membership&userType=client');
    expect(await axe(withError.container)).toHaveNoViolations();
  });
});
