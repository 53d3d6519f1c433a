import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { lookupAccount } from '@verity/shared-api/src/calls/auth';
import { httpError } from '../testing/http-error';
import { ToastProvider } from '../toast';
import { EmailInput, type EmailInputProps, type EmailValidation } from './email-input';

jest.mock('@verity/shared-api/src/calls/auth', () => ({
  ...jest.requireActual('@verity/shared-api/src/calls/auth'),
  lookupAccount: jest.fn(),
}));

const lookup = jest.mocked(lookupAccount);

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
    lookup.mockReset();
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
    lookup.mockResolvedValue({ success: true, user: jane });
    const { user, input } = setup();
    await user.type(input, 'jane@example.co');
    await wait(500);
    await user.type(input, 'm');
    await wait(500);
    expect(lookup).not.toHaveBeenCalled();
    await wait(100);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('jane@example.com');
  });

  it('does not check an empty value or one without an @', async () => {
    const { user, input, onValidationChange } = setup();
    await user.type(input, 'jane.example.com');
    await wait(1000);
    expect(lookup).not.toHaveBeenCalled();
    expect(lastValidation(onValidationChange)).toEqual({ status: 'idle', user: undefined });
  });

  it("reports valid with the account, shows 'Email validated successfully!' and the preview", async () => {
    lookup.mockResolvedValue({ success: true, user: jane });
    const { user, input, onValidationChange } = setup({ showUserPreview: true });
    await user.type(input, 'jane@example.com');
    await wait(600);
    expect(lastValidation(onValidationChange)).toEqual({ status: 'valid', user: jane });
    expect(await screen.findByText('Email validated successfully!')).toBeInTheDocument();
    const preview = screen.getByRole('group', { name: 'Account found' });
    expect(preview).toHaveTextContent('Jane Auditor');
    expect(preview).toHaveTextContent('jane@example.com');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('reports checking while the lookup runs', async () => {
    let answer: (value: { success: boolean }) => void = () => undefined;
    lookup.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user, input, onValidationChange } = setup();
    await user.type(input, 'jane@example.com');
    await wait(600);
    expect(lastValidation(onValidationChange)?.status).toBe('checking');
    expect(screen.getByText('Checking email...')).toBeInTheDocument();
    await act(async () => answer({ success: false }));
    expect(lastValidation(onValidationChange)?.status).toBe('invalid');
  });

  it("says 'Email not found in our records' when the account does not exist", async () => {
    lookup.mockResolvedValue({ success: false });
    const { user, input, onValidationChange } = setup({ showUserPreview: true });
    await user.type(input, 'ghost@example.com');
    await wait(600);
    expect(input).toHaveAccessibleDescription('Email not found in our records');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(lastValidation(onValidationChange)).toEqual({ status: 'invalid', user: undefined });
    expect(screen.queryByRole('group', { name: 'Account found' })).not.toBeInTheDocument();
  });

  it('treats success without a user object as not found', async () => {
    lookup.mockResolvedValue({ success: true });
    const { user, input } = setup();
    await user.type(input, 'ghost@example.com');
    await wait(600);
    expect(screen.getByText('Email not found in our records')).toBeInTheDocument();
    expect(screen.queryByText('Email validated successfully!')).not.toBeInTheDocument();
  });

  it("says 'Failed to validate email. Please try again.' when the request fails", async () => {
    lookup.mockRejectedValue(new Error('HTTP 500'));
    const { user, input } = setup();
    await user.type(input, 'jane@example.com');
    await wait(600);
    expect(input).toHaveAccessibleDescription('Failed to validate email. Please try again.');
  });

  it("says 'Email not found in our records' when the API answers 404", async () => {
    lookup.mockRejectedValue(httpError(404, 'Email not found in our records'));
    const { user, input } = setup();
    await user.type(input, 'ghost@example.com');
    await wait(600);
    expect(input).toHaveAccessibleDescription('Email not found in our records');
  });

  it('clears the error and the account when the value loses its @', async () => {
    lookup.mockResolvedValue({ success: false });
    const { user, input, onValidationChange } = setup();
    await user.type(input, 'ghost@example.com');
    await wait(600);
    expect(screen.getByText('Email not found in our records')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'ghost');
    expect(screen.queryByText('Email not found in our records')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(lastValidation(onValidationChange)).toEqual({ status: 'idle', user: undefined });
  });

  it('ignores an answer for an email that has since changed', async () => {
    let answerFirst: (value: { success: boolean }) => void = () => undefined;
    lookup
      .mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce({ success: true, user: jane });
    const { user, input, onValidationChange } = setup();
    await user.type(input, 'ghost@example.com');
    await wait(600);
    await user.clear(input);
    await user.type(input, 'jane@example.com');
    await wait(600);
    await act(async () => answerFirst({ success: false }));
    expect(lastValidation(onValidationChange)).toEqual({ status: 'valid', user: jane });
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
    lookup.mockResolvedValue({ success: true, user: jane });
    const { user, input } = setup({ showUserPreview: true });
    await user.type(input, 'jane@example.com');
    await wait(600);
    jest.useRealTimers();
    const field = input.closest('.vui-email-input') as HTMLElement;
    expect(await axe(field)).toHaveNoViolations();
  });
});
