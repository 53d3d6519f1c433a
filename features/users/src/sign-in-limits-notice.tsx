import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import type { UserType } from '@verity/shared-api';
import { getSignInLimits } from '@verity/shared-api/calls';
import { DateText } from '@verity/shared-ui';
import { useLanguage } from '@verity/session';
import { t } from './texts';

/** How often the notice reads again while the screen is open: holds last 15 to 60 minutes. */
export const SIGN_IN_LIMITS_REFRESH_MS = 60_000;

/** Where a held-back person's date goes in their line, until the date is put in. */
const DATE_PLACE = '\u0000';

export interface SignInLimitsNoticeProps {
  userType: UserType;
  /** The company's id, for a company's users. */
  targetCompanyId?: string;
}

/**
 * The organisation's people the identity provider will not sign in for now, and until when, for
 * those who manage the users (docs/decisions/0027-sign-in-limits.md). Nothing while there are none,
 * or when the provider cannot be asked: the users list is what the screen is for.
 */
export function SignInLimitsNotice({ userType, targetCompanyId }: SignInLimitsNoticeProps) {
  useLanguage();
  const titleId = useId();
  const limits = useQuery({
    queryKey: queryKeys.signInLimits(userType, targetCompanyId),
    queryFn: () => getSignInLimits(userType, targetCompanyId),
    refetchInterval: SIGN_IN_LIMITS_REFRESH_MS,
    // A company user without a company has no users to ask about (the screen says so).
    enabled: userType !== 'targetCompany' || Boolean(targetCompanyId),
  });
  if (!limits.isSuccess || limits.data.length === 0) return null;
  return (
    <section className="vui-screen-notice" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('users.signInLimits.title')}</h2>
      <p>{t('users.signInLimits.intro')}</p>
      <ul>
        {limits.data.map((limit) => {
          // The date is a component: the message places it, in the language's word order.
          const [before, after] = t('users.signInLimits.heldUntil', {
            name: limit.fullname || limit.emailId,
            email: limit.emailId,
            until: DATE_PLACE,
          }).split(DATE_PLACE);
          return (
            <li key={limit.userId}>
              {before}
              <DateText value={limit.until} format="dateTime" />
              {after}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
