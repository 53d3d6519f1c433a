import * as messages from './messages';
import { MESSAGES, SIGN_IN_ERROR_TEXT } from './messages';

describe('SIGN_IN_ERROR_TEXT', () => {
  it('names the area the account has no membership of', () => {
    expect(SIGN_IN_ERROR_TEXT('no_membership', 'client')).toBe(
      'Your account has no access to the Client area. Ask an owner to add you.',
    );
    expect(SIGN_IN_ERROR_TEXT('no_membership', 'auditor')).toBe(
      'Your account has no access to the Auditor area. Ask an owner to add you.',
    );
    expect(SIGN_IN_ERROR_TEXT('no_membership', 'target-company')).toBe(
      'Your account has no access to the Target Company area. Ask an owner to add you.',
    );
  });

  it('still explains a missing membership when the area is unknown', () => {
    expect(SIGN_IN_ERROR_TEXT('no_membership')).toBe(
      'Your account has no access to this area. Ask an owner to add you.',
    );
  });

  it('gives the general text for any other code', () => {
    expect(SIGN_IN_ERROR_TEXT('state_mismatch', 'client')).toBe(
      'Sign-in failed. Please try again.',
    );
    expect(SIGN_IN_ERROR_TEXT(null)).toBe('Sign-in failed. Please try again.');
  });

  it('says what to do after an unverified sign-in, a used or foreign invitation, or an outage', () => {
    expect(SIGN_IN_ERROR_TEXT('email_unverified', 'client')).toBe(
      'Verify your e-mail address first: open the link we sent you, then sign in again.',
    );
    expect(SIGN_IN_ERROR_TEXT('invitation_invalid')).toBe(
      'This invitation link has expired or was already used. Ask an owner to send a new one.',
    );
    expect(SIGN_IN_ERROR_TEXT('invitation_email_mismatch')).toBe(
      'This invitation is for another e-mail address. Sign in with the address it was sent to.',
    );
    expect(SIGN_IN_ERROR_TEXT('identity_unavailable')).toBe(
      'Sign-in is unavailable right now. Please try again in a moment.',
    );
  });
});

describe('MESSAGES', () => {
  it('reads, in English, the words of the constant of the same name', () => {
    const constants = messages as unknown as Record<string, unknown>;
    for (const [name, text] of Object.entries(MESSAGES))
      expect([name, text]).toEqual([name, constants[name]]);
  });
});
