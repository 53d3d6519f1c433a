import { useLanguage } from '@verity/session';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, ROLE_LABELS, type OrganisationChoice as Choice } from '@verity/shared-api';
import { chooseOrganisation, getErrorText, getOrganisationChoices } from '@verity/shared-api/calls';
import { Button } from '@verity/shared-ui';
import { paths } from '../../config/paths';
import { assignLocation } from '../../lib/browser-location';
import { t } from '../../strings';

type ChoiceState =
  { status: 'loading' } | { status: 'expired' } | { status: 'ready'; choices: Choice[] };

export interface OrganisationChoiceProps {
  /** Shown instead when the sign-in can no longer be finished here. */
  signInAgain: ReactNode;
}

/** After a sign-in by a person in several organisations of one user type: one button per organisation. */
export function OrganisationChoice({ signInAgain }: OrganisationChoiceProps) {
  useLanguage();
  const [state, setState] = useState<ChoiceState>({ status: 'loading' });
  const [choosing, setChoosing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    getOrganisationChoices().then(
      (choices) => {
        if (current)
          setState(choices.length > 0 ? { status: 'ready', choices } : { status: 'expired' });
      },
      () => {
        if (current) setState({ status: 'expired' });
      },
    );
    return () => {
      current = false;
    };
  }, []);

  async function choose(membershipId: string) {
    setChoosing(membershipId);
    setError(null);
    try {
      await chooseOrganisation(membershipId);
      // A full load: the session starts from the new cookies, like after any sign-in.
      assignLocation(paths.home);
    } catch (failure) {
      setError(getErrorText(failure, MESSAGES.SIGN_IN_FAILED));
      setChoosing(null);
    }
  }

  if (state.status === 'loading') return <p className="login__hint">{t('shell.loading')}</p>;
  if (state.status === 'expired') {
    return (
      <>
        <div role="alert" className="login__error">
          {t('shell.organisation.expired')}
        </div>
        {signInAgain}
      </>
    );
  }
  return (
    <section className="login__choice" aria-labelledby="login-choice-title">
      <h2 id="login-choice-title" className="login__choice-title">
        {t('shell.organisation.title')}
      </h2>
      <p className="login__hint">{t('shell.organisation.hint')}</p>
      {error ? (
        <div role="alert" className="login__error">
          {error}
        </div>
      ) : null}
      <div className="login__actions">
        {state.choices.map((choice) => (
          <Button
            key={choice.membershipId}
            size="lg"
            fullWidth
            variant="secondary"
            disabled={choosing !== null}
            loading={choosing === choice.membershipId}
            onClick={() => void choose(choice.membershipId)}
          >
            <span className="login__choice-name">{choice.organisationName}</span>
            <span className="login__choice-role">{ROLE_LABELS[choice.role]}</span>
          </Button>
        ))}
      </div>
      <Link className="login__back" to={paths.login} replace>
        {t('shell.organisation.back')}
      </Link>
    </section>
  );
}
