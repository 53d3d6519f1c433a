import { useLanguage } from '@verity/session';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  SIGN_IN_ERROR_CODES,
  SIGN_IN_ERROR_TEXT,
  SSO_LOGIN_PARAM,
  SSO_SIGN_IN_LINK_TEXT,
  USER_TYPES,
  USER_TYPE_LABELS,
  signInUrl,
  type UserType,
} from '@verity/shared-api';
import { Button } from '@verity/shared-ui';
import { LogoMark } from '../../components/logo';
import { assignLocation } from '../../lib/browser-location';
import { t, loginButtonLabel } from '../../strings';
import { LanguageChoice } from './language-choice';
import { LoginBackground } from './login-background';
import { OrganisationChoice } from './organisation-choice';
import './login.css';

function startSignIn(userType: UserType) {
  assignLocation(signInUrl(userType));
}

/** Single sign-on's address field, loaded when opened (docs/decisions/0098-single-sign-on.md). */
const SingleSignOnForm = lazy(() => import('./single-sign-on'));

/**
 * 'Sign in with single sign-on': a link (the screen keeps its three buttons) to `?sso=email`, which
 * opens the address field; open at once when the API said the organisation requires it.
 */
function SingleSignOn() {
  useLanguage();
  const [searchParams] = useSearchParams();
  const open =
    searchParams.get(SSO_LOGIN_PARAM) === 'email' ||
    searchParams.get('error') === SIGN_IN_ERROR_CODES.ssoRequired;
  if (!open)
    return (
      <Link className="login__sso-link" to={`/login?${SSO_LOGIN_PARAM}=email`}>
        {SSO_SIGN_IN_LINK_TEXT.label}
      </Link>
    );
  return (
    <Suspense fallback={null}>
      <SingleSignOnForm />
    </Suspense>
  );
}

/** The API sends a person who belongs to several organisations here after sign-in. */
const CHOOSE_ORGANISATION = 'organisation';

export function LoginScreen() {
  useLanguage();
  const [searchParams] = useSearchParams();
  const errorCode = searchParams.get('error');
  const errorText = errorCode
    ? SIGN_IN_ERROR_TEXT(errorCode, searchParams.get('userType'))
    : undefined;
  const signInButtons = (
    <div className="login__actions">
      {USER_TYPES.map((userType) => (
        <Button key={userType} size="lg" fullWidth onClick={() => startSignIn(userType)}>
          {loginButtonLabel(USER_TYPE_LABELS[userType])}
        </Button>
      ))}
    </div>
  );

  return (
    <div className="login">
      <LoginBackground />
      <main className="login__main">
        <section className="login__card" aria-labelledby="login-title">
          <LogoMark size={56} />
          <h1 id="login-title" className="login__title">
            {t('shell.login.title')}
          </h1>
          <p className="login__subtitle">{t('shell.login.subtitle')}</p>
          <p className="login__tagline">{t('shell.login.tagline')}</p>
          {errorText ? (
            <div role="alert" className="login__error">
              {errorText}
            </div>
          ) : null}
          {searchParams.get('choose') === CHOOSE_ORGANISATION ? (
            <OrganisationChoice signInAgain={signInButtons} />
          ) : (
            <>
              {signInButtons}
              <SingleSignOn />
            </>
          )}
          <LanguageChoice />
        </section>
      </main>
    </div>
  );
}
