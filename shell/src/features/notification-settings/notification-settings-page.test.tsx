import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_CHANNELS,
  type NotificationKind,
} from '@verity/shared-api';
import { fails, ok, onApi, withBody } from '@verity/shared-ui/src/testing';
import { sessionStore, switchLanguage } from '@verity/session';
import { renderApp, signedInAs, users } from '../../test/render-app';

jest.mock('../../remotes/federation');

function preferences(
  overrides: Partial<Record<NotificationKind, { email?: boolean; inApp?: boolean }>> = {},
) {
  return NOTIFICATION_KINDS.map((kind) => ({
    kind,
    email: true,
    inApp: NOTIFICATION_KIND_CHANNELS[kind].includes('inApp'),
    locked: kind === 'escalation',
    ...overrides[kind],
  }));
}

function answerSettings({ timeZone = 'Europe/London' } = {}) {
  onApi('get', 'notification-preferences', ok({ preferences: preferences() }));
  onApi('get', 'organisation/settings', ok({ settings: { timeZone } }));
  onApi('get', 'organisation/api-tokens', ok({ tokens: [] }));
  onApi('get', 'organisation/webhooks', ok({ endpoints: [] }));
  onApi('get', 'organisation/sso', ok({ connection: null, redirectUri: '/api/v1/auth/callback' }));
}

async function renderPage(user: (typeof users)[keyof typeof users], path?: string) {
  const area = { client: '/client', auditor: '/auditor', targetCompany: '/target-company' }[
    user.userType
  ];
  const view = renderApp(path ?? `${area}/notification-settings`, signedInAs(user));
  await screen.findByRole('heading', { level: 1, name: 'Notification settings' });
  return view;
}

const owner = { ...users.client, role: 'owner' } as const;
const companyEditor = users.targetCompany;
const switchFor = (name: string) => screen.getByRole('checkbox', { name });

describe('notification settings page', () => {
  afterEach(() => act(() => switchLanguage('en')));

  it.each([
    ['/client/notification-settings', users.client],
    ['/auditor/notification-settings', users.auditor],
    ['/target-company/notification-settings', users.targetCompany],
  ])('%s is the shell’s page inside the layout', async (path, user) => {
    answerSettings();
    const { location } = await renderPage(user, path);
    expect(location().pathname).toBe(path);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    // The area's remote is not mounted under it.
    expect(screen.queryByRole('region', { name: /app$/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Notification settings — Verity');
  });

  it('opens from the user panel, keeping the layout, and moves the focus to its heading', async () => {
    answerSettings();
    const { location } = renderApp('/auditor/users', signedInAs(users.auditor));
    await screen.findByRole('region', { name: /app$/ });
    await userEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
    await userEvent.click(screen.getByRole('link', { name: 'Notification settings' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Notification settings' });
    expect(location().pathname).toBe('/auditor/notification-settings');
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('loads the switches per kind and channel; escalations are on and locked, with the reason', async () => {
    answerSettings();
    const { container } = await renderPage(owner);
    expect(await screen.findByRole('checkbox', { name: 'Gap overdue: e-mail' })).toBeChecked();
    expect(switchFor('Gap overdue: in the app')).toBeChecked();

    const escalation = 'Overdue escalation (7 days after the due date)';
    for (const channel of ['e-mail', 'in the app']) {
      const locked = switchFor(`${escalation}: ${channel}`);
      expect(locked).toBeChecked();
      expect(locked).toBeDisabled();
      expect(locked).toHaveAccessibleDescription('Escalations cannot be switched off.');
    }
    // The digest is an e-mail only.
    const digest = screen.getByRole('row', { name: /Weekly digest/ });
    expect(within(digest).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(digest).getByText('E-mail only')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save notification settings' })).toBeDisabled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('saves the changed switches only and says so', async () => {
    answerSettings();
    const saved = onApi(
      'put',
      'notification-preferences',
      ok({
        preferences: preferences({ remarkAdded: { email: false }, dueSoon: { inApp: false } }),
      }),
    );
    await renderPage(companyEditor);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'New remark: e-mail' }));
    await userEvent.click(switchFor('Due date reminders (14, 7 and 1 days before): in the app'));
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));

    expect(await screen.findByText('Notification settings saved.')).toBeVisible();
    expect(saved).toHaveBeenCalledWith(
      withBody({
        preferences: [
          { kind: 'dueSoon', inApp: false },
          { kind: 'remarkAdded', email: false },
        ],
      }),
    );
    expect(switchFor('New remark: e-mail')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save notification settings' })).toBeDisabled();
  });

  it("keeps the choices and shows the server's reason when saving fails", async () => {
    answerSettings();
    onApi('put', 'notification-preferences', fails(503, 'Verity is busy. Try again in a moment.'));
    await renderPage(companyEditor);
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Closure accepted: e-mail' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Verity is busy. Try again in a moment.')).toBeVisible();
    expect(switchFor('Closure accepted: e-mail')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save notification settings' })).toBeEnabled();
  });

  it('lets the owner pick the organisation time zone from the list and save it', async () => {
    answerSettings();
    const saved = onApi(
      'put',
      'organisation/settings',
      ok({ settings: { timeZone: 'Europe/Paris' } }),
    );
    const { container } = await renderPage(owner);
    const section = screen.getByRole('region', { name: 'Organisation time zone' });
    const field = await within(section).findByRole('combobox', { name: 'Time zone' });
    expect(field).toHaveValue('Europe/London');
    expect(await axe(container)).toHaveNoViolations();
    const choices = [
      ...container.querySelectorAll(`#${CSS.escape(field.getAttribute('list')!)} option`),
    ].map((option) => option.getAttribute('value'));
    expect(choices).toEqual(expect.arrayContaining(['UTC', 'Europe/Paris', 'America/New_York']));

    await userEvent.clear(field);
    await userEvent.type(field, 'europe/paris');
    await userEvent.click(within(section).getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText('Time zone saved.')).toBeVisible();
    expect(saved).toHaveBeenCalledWith(withBody({ timeZone: 'Europe/Paris' }));
    expect(field).toHaveValue('Europe/Paris');
  });

  it("saves the user's date style, showing today in each, and the session's user follows", async () => {
    answerSettings();
    const saved = onApi(
      'put',
      'auth/me/settings',
      ok({ user: { ...companyEditor, dateStyle: 'year-month-day' } }),
    );
    await renderPage(companyEditor);
    const section = screen.getByRole('region', { name: 'Dates' });
    const byPlace = within(section).getByRole('radio', { name: /^As each screen writes them/ });
    expect(byPlace).toBeChecked();
    const iso = within(section).getByRole('radio', { name: /^Year-month-day/ });
    const today = new Date().toISOString().slice(0, 10);
    expect(iso).toHaveAccessibleName(`Year-month-day ${today}`);
    const save = within(section).getByRole('button', { name: 'Save date style' });
    expect(save).toBeDisabled();

    await userEvent.click(iso);
    await userEvent.click(save);
    expect(await screen.findByText('Date style saved')).toBeVisible();
    expect(saved).toHaveBeenCalledWith(withBody({ dateStyle: 'year-month-day' }));
    expect(sessionStore.getState().user).toMatchObject({ dateStyle: 'year-month-day' });
    expect(iso).toBeChecked();
    expect(save).toBeDisabled();
  });

  it('refuses a zone that does not exist, without asking the server', async () => {
    answerSettings();
    const saved = onApi('put', 'organisation/settings', ok({ settings: { timeZone: 'UTC' } }));
    await renderPage(owner);
    const field = await screen.findByRole('combobox', { name: 'Time zone' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Mars/Olympus_Mons');
    await userEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Choose a time zone from the list, such as Europe/London.'),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(saved).not.toHaveBeenCalled();
  });

  it("puts the API's refusal of a zone under the field", async () => {
    answerSettings();
    onApi(
      'put',
      'organisation/settings',
      fails(400, 'Choose a time zone from the list, such as Europe/London.'),
    );
    await renderPage(owner);
    const field = await screen.findByRole('combobox', { name: 'Time zone' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Europe/Paris');
    await userEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Choose a time zone from the list'),
    );
  });

  it('shows other users the time zone read-only', async () => {
    answerSettings({ timeZone: 'Asia/Kolkata' });
    const { container } = await renderPage(companyEditor);
    const section = screen.getByRole('region', { name: 'Organisation time zone' });
    expect(await within(section).findByText('Asia/Kolkata')).toBeVisible();
    expect(within(section).getByText('Only an owner can change this.')).toBeVisible();
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('asks before leaving with unsaved switches', async () => {
    answerSettings();
    const { router, location } = await renderPage(companyEditor);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Gap overdue: e-mail' }));
    await act(() => router.navigate('/target-company/users'));
    const question = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(location().pathname).toBe('/target-company/notification-settings');
    expect(switchFor('Gap overdue: e-mail')).not.toBeChecked();

    await act(() => router.navigate('/target-company/users'));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(location().pathname).toBe('/target-company/users'));
  });

  it('shows its texts in the language chosen, and again when it changes', async () => {
    answerSettings();
    await renderPage(owner);
    await screen.findByRole('checkbox', { name: 'Gap overdue: e-mail' });
    await act(() => switchLanguage('fr'));
    // The kind's name (shared-api's), the switch's channel and the page's own words are French.
    expect(
      await screen.findByRole('checkbox', { name: /^Écart en retard\s:\se-mail$/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Dans l’application' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Fuseau horaire' })).toBeInTheDocument();
    await act(() => switchLanguage('ar'));
    expect(
      await screen.findByRole('button', { name: 'حفظ إعدادات الإشعارات' }),
    ).toBeInTheDocument();
  });
});
