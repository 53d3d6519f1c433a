import { SIGN_IN_ERROR_TEXT } from './messages';

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
});
