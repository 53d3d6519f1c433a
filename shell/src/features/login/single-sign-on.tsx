import { useLanguage } from '@verity/session';
import { useState, type FormEvent } from 'react';
import { SSO_MESSAGES as text, SSO_SIGN_IN_LINK_TEXT, ssoSignInUrl } from '@verity/shared-api';
import { Button, TextField } from '@verity/shared-ui';
import { assignLocation } from '../../lib/browser-location';
import { t } from '../../strings';

/** A plain check before leaving the page: the API routes the address by its domain. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/**
 * The address field of 'Sign in with single sign-on' (docs/decisions/0098-single-sign-on.md): the
 * member's work address, whose domain leads to their organisation's own identity provider. Its own
 * chunk, loaded when opened: the login screen's first load carries only the link.
 */
export default function SingleSignOnForm() {
  useLanguage();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      setError(t('shell.login.ssoEmailHint'));
      return;
    }
    assignLocation(ssoSignInUrl(email));
  };

  return (
    <form
      className="login__sso"
      onSubmit={onSubmit}
      noValidate
      aria-label={SSO_SIGN_IN_LINK_TEXT.label}
    >
      <TextField
        label={text.emailLabel}
        type="email"
        autoComplete="username"
        inputMode="email"
        autoFocus
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" size="lg" fullWidth>
        {text.continue}
      </Button>
    </form>
  );
}
