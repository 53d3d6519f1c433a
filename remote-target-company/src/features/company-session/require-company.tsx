import type { ReactNode } from 'react';
import { MESSAGES, type SessionUser } from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { PageHeader } from '@verity/shared-ui';
import { TARGET_COMPANY_TEXTS } from '../../strings';
import { useCompanyUser } from './use-company-user';

export interface RequireCompanyProps {
  children: (company: { user: SessionUser; targetCompanyId: string }) => ReactNode;
}

/** What a page shows to a user who belongs to no target company. */
export function NoCompany() {
  useLanguage();
  return (
    <div className="vui-screen">
      <PageHeader title={TARGET_COMPANY_TEXTS.noCompanyTitle} />
      <p className="vui-screen-alert" role="alert">
        {MESSAGES.NO_TARGET_COMPANY_ID_FOR_USER}
      </p>
    </div>
  );
}

/** Renders its screen for the signed-in user's own company, or says that the user has none. */
export function RequireCompany({ children }: RequireCompanyProps) {
  const user = useCompanyUser();
  const targetCompanyId = user?.targetCompanyId;
  if (!user || !targetCompanyId) return <NoCompany />;
  return <>{children({ user, targetCompanyId })}</>;
}
