import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import { API_ORIGIN, apiServer } from '../testing';
import { ToastProvider } from '../toast';
import { EmailInput, type EmailInputProps, type EmailValidation } from './email-input';

/** What GET /accounts/user answers: the accounts service's own shape, not the API's envelope. */
interface LookupReply {
  status: number;
  body: unknown;
}

const reply = (status: number, body: unknown): LookupReply => ({ status, body });

/**
 * Answers the email lookup, one answer per request (the last repeats); an answer may be a promise
 * the test settles later. Returns a mock called with each email looked up.
 */
function onLookup(...answers: (LookupReply | Promise<LookupReply>)[]): jest.Mock<void, [string]> {
  const asked = jest.fn<void, [string]>();
  let count = 0;
  apiServer.use(
    http.get(`${API_ORIGIN}/api/v1/accounts/user`, async ({ request }) => {
      asked(new URL(request.url).searchParams.get('email') ?? '');
      const { status, body } = await answers[Math.min(count++, answers.length - 1)]!;
      return HttpResponse.json(body as never, { status });
    }),
  );
  return asked;
}

/** A reply the test gives when it chooses: `settle(reply)`. */
function later(): { answer: Promise<LookupReply>; settle: (value: LookupReply) => void } {
  let settle: (value: LookupReply) => void = () => undefined;
  const answer = new Promise<LookupReply>((resolve) => (settle = resolve));
  return { answer, settle };
}

const jane = {
  name: 'Jane Auditor',
  email: 'jane@example.com',
  sub: 'sub-jane',
  picture: 'https://example.com/jane.png',
  email_verified: true,
};

function Harness(props: Partial<EmailInputProps>) {
  const [value, setValue] = useState('');
  return (
    <ToastProvider>
      <EmailInput value={value} onChange={setValue} placeholder="Enter email" {...props} />
    </ToastProvider>
  );
}

function setup(props: Partial<EmailInputProps> = {}) {
  const onValidationChange = jest.fn<void, [EmailValidation]>();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<Harness onValidationChange={onValidationChange} {...props} />);
  const input = screen.getByRole('textbox', { name: 'Email Address' });
  return { user, input, onValidationChange };
}

async function wait(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

function lastValidation(mock: jest.Mock<void, [EmailValidation]>) {
  return mock.mock.calls.at(-1)?.[0];
}

describe('EmailInput', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("is labelled 'Email Address' with its placeholder and required mark", () => {
    render(<EmailInput value="" onChange={() => undefined} placeholder="Enter email" required />);
    const input = screen.getByRole('textbox', { name: 'Email Address' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('placeholder', 'Enter email');
    expect(input).toHaveAttribute('aria-required', 'true');
  });

  it('takes its own label and can be disabled', () => {
    render(<EmailInput value="" onChange={() => undefined} label="Owner email" disabled />);
    expect(screen.getByRole('textbox', { name: 'Owner email' })).toBeDisabled();
  });

  it('checks 600 ms after the last change, restarting the pause on every change', async () => {
    const lookup = onLookup(reply(200, { success: true, user: jane }));
    const { user, input } = setup();
    await user.type(input, 'jane@example.co');
    await wait(500);
    await user.type(input, 'm');
    await wait(500);
    expect(lookup).not.toHaveBeenCalled();
    await wait(100);
    await waitFor(() => expect(lookup).toHaveBeenCalledTimes(1));
    expect(lookup).toHaveBeenCalledWith('jane@example.com');
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('does not check an empty value or one without an @', async () => {
    const lookup = onLookup(reply(200, { success: true, user: jane }));
    const { user, input, onValidationChange } = setup();
    await user.type(input, 'jane.example.com');
    await wait(1000);
    expect(lookup).not.toHaveBeenCalled();
    expect(lastValidation(onValidationChange)).toEqual({ status: 'idle', user: undefined });
  });

  it("reports valid with the account, shows 'Email validated successfully!' and the preview", async () => {
    onLookup(reply(200, { success: true, user: jane }));
    const { user, input, onValidationChange } = setup({ showUserPreview: true });
    await user.type(input, 'jane@example.com');
    await wait(600);
    await waitFor(() =>
      expect(lastValidation(onValidationChange)).toEqual({ status: 'valid', user: jane }),
    );
    expect(await screen.findByText('Email validated successfully!')).toBeInTheDocument();
    const preview = screen.getByRole('group', { name: 'Account found' });
    expect(preview).toHaveTextContent('Jane Auditor');
    expect(preview).toHaveTextContent('jane@example.com');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('reports checking while the lookup runs', async () => {
    const { answer, settle } = later();
    const lookup = onLookup(answer);
    const { user, input, onValidationChange } = setup();
    await user.type(input, 'jane@example.com');
    await wait(600);
    expect(lastValidation(onValidationChange)?.status).toBe('checking');
    expect(screen.getByText('Checking email...')).toBeInTheDocument();
    await waitFor(() => expect(lookup).toHaveBeenCalled());
    expect(lastValidation(onValidationChange)?.status).toBe('checking');
    await act(async () => settle(reply(200, { success: false })));
    await waitFor(() => expect(lastValidation(onValidationChange)?.status).toBe('invalid'));
  });

  it("says 'Email not found in our records' when the account does not exist", async () => {
    onLookup(reply(200, { success: false }));
    const { user, input, onValidationChange } = setup({ showUserPreview: true });
    await user.type(input, 'ghost@example.com');
    await wait(600);
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('Email not found in our records'),
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(lastValidation(onValidationChange)).toEqual({ status: 'invalid', user: undefined });
    expect(screen.queryByRole('group', { name: 'Account found' })).not.toBeInTheDocument();
  });

  it('treats success without a user object as not found', async () => {
    onLookup(reply(200, { success: true }));
    const { user, input } = setup();
    await user.type(input, 'ghost@example.com');
    await wait(600);
    expect(await screen.findByText('Email not found in our records')).toBeInTheDocument();
    expect(screen.queryByText('Email validated successfully!')).not.toBeInTheDocument();
  });

  it("says 'Failed to validate email. Please try again.' when the request fails", async () => {
    onLookup(
      reply(502, {
        success: false,
        message: 'The accounts service is unavailable right now. Please try again in a moment.',
        code: 'ACCOUNTS_UNAVAILABLE',
      }),
    );
    const { user, input } = setup();
    await user.type(input, 'jane@example.com');
    await wait(600);
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('Failed to validate email. Please try again.'),
    );
  });

  it("says 'Email not found in our records' when the API answers 404", async () => {
    onLookup(
      reply(404, {
        success: false,
        message: 'Email not found in our records',
        code: 'EMAIL_NOT_FOUND',
      }),
    );
    const { user, input } = setup();
    await user.type(input, 'ghost@example.com');
    await wait(600);
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('Email not found in our records'),
    );
  });

  it('clears the error and the account when the value loses its @', async () => {
    onLookup(reply(200, { success: false }));
    const { user, input, onValidationChange } = setup();
    await user.type(input, 'ghost@example.com');
    await wait(600);
    expect(await screen.findByText('Email not found in our records')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'ghost');
    expect(screen.queryByText('Email not found in our records')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(lastValidation(onValidationChange)).toEqual({ status: 'idle', user: undefined });
  });

  it('ignores an answer for an email that has since changed', async () => {
    const first = later();
    const second = later();
    const lookup = onLookup(first.answer, second.answer);
    const { user, input, onValidationChange } = setup();
    await user.type(input, 'ghost@example.com');
    await wait(600);
    await waitFor(() => expect(lookup).toHaveBeenCalledWith('ghost@example.com'));
    await user.clear(input);
    await user.type(input, 'jane@example.com');
    await wait(600);
    await waitFor(() => expect(lookup).toHaveBeenCalledWith('jane@example.com'));
    // The answer for the old email arrives first, then the one for the email now in the field.
    await act(async () => first.settle(reply(200, { success: false })));
    await act(async () => second.settle(reply(200, { success: true, user: jane })));
    await waitFor(() =>
      expect(lastValidation(onValidationChange)).toEqual({ status: 'valid', user: jane }),
    );
    expect(onValidationChange).not.toHaveBeenCalledWith(
      expect.objectContaining({ status: 'invalid' }),
    );
    expect(screen.queryByText('Email not found in our records')).not.toBeInTheDocument();
  });

  it("shows the parent form's error when the check has none", () => {
    render(
      <EmailInput
        value="x"
        onChange={() => undefined}
        error="Please enter a valid email that exists in our records"
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Email Address' })).toHaveAccessibleDescription(
      'Please enter a valid email that exists in our records',
    );
  });

  it('has no accessibility violations when valid with a preview', async () => {
    onLookup(reply(200, { success: true, user: jane }));
    const { user, input } = setup({ showUserPreview: true });
    await user.type(input, 'jane@example.com');
    await wait(600);
    await screen.findByRole('group', { name: 'Account found' });
    jest.useRealTimers();
    const field = input.closest('.vui-email-input') as HTMLElement;
    expect(await axe(field)).toHaveNoViolations();
  });
});
