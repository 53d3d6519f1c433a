import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { axe } from 'jest-axe';
import { fails, ok, onApi, withBody } from '@verity/shared-ui/src/testing';
import { switchLanguage } from '@verity/session';
import { assignLocation } from '../../lib/browser-location';
import { startingLanguage } from '../../lib/language';
import { LoginScreen } from './login-screen';

jest.mock('../../lib/browser-location');

const choices = [
  { membershipId: 'm-north', organisationName: 'Northwind Capital', role: 'viewer' as const },
  { membershipId: 'm-south', organisationName: 'Southbank Finance', role: 'editor' as const },
];

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

  it('offers single sign-on by work address, as a link beside the three buttons', async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Sign in with single sign-on' }));
    const form = await screen.findByRole('form', { name: 'Sign in with single sign-on' });
    await user.type(screen.getByLabelText('Work e-mail address'), 'marco');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(form).toHaveTextContent('Enter your work e-mail address, such as name@company.com.');
    expect(assignLocation).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Work e-mail address'), '.rossi@northwind.example ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(assignLocation).toHaveBeenCalledWith(
      '/api/v1/auth/sso?email=marco.rossi%40northwind.example',
    );
  });

  it('opens single sign-on when the organisation requires it', async () => {
    renderLogin('/login?error=sso_required&userType=client');
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Your organisation signs in with its own identity provider: choose 'Sign in with single sign-on' and enter your work e-mail address.",
    );
    expect(await screen.findByLabelText('Work e-mail address')).toBeInTheDocument();
  });

  it('offers the language before sign-in, in each language’s own words, and keeps the choice', async () => {
    renderLogin();
    const user = userEvent.setup();
    const choice = screen.getByRole('combobox', { name: 'Language' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'English',
      'Français',
      'Español',
      'Português',
      'Türkçe',
      'العربية',
    ]);
    await user.selectOptions(choice, 'Türkçe');
    expect(await screen.findByRole('heading', { name: 'Verity’ye hoş geldiniz' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Dil' })).toHaveValue('tr');
    expect(document.documentElement).toHaveAttribute('lang', 'tr');
    // Still exactly three buttons, now in Turkish.
    expect(screen.getAllByRole('button')).toHaveLength(3);
    expect(startingLanguage()).toBe('tr');
    expect(document.cookie).toContain('verity-language=tr');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'العربية');
    expect(await screen.findByText('سجّل الدخول إلى حسابك')).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await user.selectOptions(screen.getByRole('combobox', { name: 'اللغة' }), 'English');
    expect(await screen.findByText('Login your ACCOUNT')).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('starts in the first of the browser’s languages Verity speaks', async () => {
    window.localStorage.clear();
    jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['de-CH', 'pt-BR', 'en']);
    expect(startingLanguage()).toBe('pt');
    await switchLanguage(startingLanguage());
    renderLogin();
    expect(screen.getByText('Entre na sua CONTA')).toBeVisible();
    await switchLanguage('en');
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

  it.each([
    [
      'email_unverified',
      'Verify your e-mail address first: open the link we sent you, then sign in again.',
    ],
    [
      'invitation_invalid',
      'This invitation link has expired or was already used. Ask an owner to send a new one.',
    ],
    ['identity_unavailable', 'Sign-in is unavailable right now. Please try again in a moment.'],
  ])('explains the sign-in error %s', (code, text) => {
    renderLogin(`/login?error=${code}&userType=client`);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  describe('choosing an organisation', () => {
    let chosen: jest.Mock;
    beforeEach(() => {
      onApi('get', 'auth/choose', ok({ organisations: choices }));
      chosen = onApi('post', 'auth/choose', ok(undefined));
    });

    it('offers the organisations as buttons and enters the one chosen', async () => {
      renderLogin('/login?choose=organisation&userType=client');
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Choose an organisation' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Login As Client' })).not.toBeInTheDocument();

      await userEvent.click(await screen.findByRole('button', { name: /Southbank Finance/ }));

      await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/'));
      expect(chosen).toHaveBeenCalledTimes(1);
      expect(chosen).toHaveBeenCalledWith(withBody({ membershipId: 'm-south' }));
    });

    it('names the role the person has in each organisation', async () => {
      renderLogin('/login?choose=organisation&userType=client');
      expect(await screen.findByRole('button', { name: /Northwind Capital/ })).toHaveTextContent(
        'Viewer',
      );
    });

    it('says the sign-in expired when there is nothing to choose from, and offers the sign-ins again', async () => {
      onApi('get', 'auth/choose', fails(401, 'Not signed in'));
      renderLogin('/login?choose=organisation&userType=client');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This sign-in has expired. Please sign in again.',
      );
      expect(screen.getByRole('button', { name: 'Login As Client' })).toBeInTheDocument();
    });

    it('shows why a choice failed and stays on the choice', async () => {
      onApi('post', 'auth/choose', fails(404, 'Not found'));
      renderLogin('/login?choose=organisation&userType=client');
      await userEvent.click(await screen.findByRole('button', { name: /Northwind Capital/ }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
      expect(assignLocation).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: /Southbank Finance/ })).toBeEnabled();
    });

    it('has no accessibility violations', async () => {
      const { container } = renderLogin('/login?choose=organisation&userType=client');
      await screen.findByRole('button', { name: /Northwind Capital/ });
      expect(await axe(container)).toHaveNoViolations();
    });
  });
});
