import { useSearchParams } from 'react-router-dom';
import {
  SIGN_IN_ERROR_TEXT,
  USER_TYPES,
  USER_TYPE_LABELS,
  signInUrl,
  type UserType,
} from '@verity/shared-api';
import { Button } from '@verity/shared-ui';
import { LogoMark } from '../../components/logo';
import { assignLocation } from '../../lib/browser-location';
import { LOGIN_SUBTITLE, LOGIN_TAGLINE, LOGIN_TITLE, loginButtonLabel } from '../../strings';
import { LoginBackground } from './login-background';
import { OrganisationChoice } from './organisation-choice';
import { SingleSignOn } from './single-sign-on';
import './login.css';

function startSignIn(userType: UserType) {
  assignLocation(signInUrl(userType));
}

/** The API sends a person who belongs to several organisations here after sign-in. */
const CHOOSE_ORGANISATION = 'organisation';

export function LoginScreen() {
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
            {LOGIN_TITLE}
          </h1>
          <p className="login__subtitle">{LOGIN_SUBTITLE}</p>
          <p className="login__tagline">{LOGIN_TAGLINE}</p>
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
        </section>
      </main>
    </div>
  );
}
