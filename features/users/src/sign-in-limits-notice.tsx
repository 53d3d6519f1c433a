import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import type { UserType } from '@verity/shared-api';
import { getSignInLimits } from '@verity/shared-api/calls';
import { DateText } from '@verity/shared-ui';
import { userTexts } from './user-texts';

/** How often the notice reads again while the screen is open: holds last 15 to 60 minutes. */
export const SIGN_IN_LIMITS_REFRESH_MS = 60_000;

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
      <h2 id={titleId}>{userTexts.signInLimitsTitle}</h2>
      <p>{userTexts.signInLimitsIntro}</p>
      <ul>
        {limits.data.map((limit) => (
          <li key={limit.userId}>
            {limit.fullname || limit.emailId} ({limit.emailId}) {userTexts.signInLimitUntil}{' '}
            <DateText value={limit.until} format="dateTime" />
          </li>
        ))}
      </ul>
    </section>
  );
}
