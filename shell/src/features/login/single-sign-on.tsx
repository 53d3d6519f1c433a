import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SIGN_IN_ERROR_CODES, SSO_MESSAGES as text, ssoSignInUrl } from '@verity/shared-api';
import { Button, TextField } from '@verity/shared-ui';
import { assignLocation } from '../../lib/browser-location';

/** A plain check before leaving the page: the API routes the address by its domain. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** `/login?sso=email` shows the address field (a link, so the screen keeps its three buttons). */
const SSO_PARAM = 'sso';

/**
 * 'Sign in with single sign-on' (docs/decisions/0098-single-sign-on.md): the member's work address,
 * whose domain leads to their organisation's own identity provider. Open at once when the API said
 * the member's organisation requires it.
 */
export function SingleSignOn() {
  const [searchParams] = useSearchParams();
  const open =
    searchParams.get(SSO_PARAM) === 'email' ||
    searchParams.get('error') === SIGN_IN_ERROR_CODES.ssoRequired;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      setError('Enter your work e-mail address, such as name@company.com.');
      return;
    }
    assignLocation(ssoSignInUrl(email));
  };

  if (!open)
    return (
      <Link className="login__sso-link" to={`/login?${SSO_PARAM}=email`}>
        {text.signInLink}
      </Link>
    );
  return (
    <form className="login__sso" onSubmit={onSubmit} noValidate aria-label={text.signInLink}>
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
