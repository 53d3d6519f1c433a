// The client's top-level pages but the dashboard (dashboard-page.tsx): companies, auditors, users
// and settings.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import { canAddClientUsersAndAuditors, canAddTargetCompany } from '@verity/shared-api';
import { TargetCompaniesScreen, targetCompanyCardLinks } from '@verity/feature-target-companies';
import { AuditorsScreen } from '../features/auditors/auditors-screen';
import { ClientUsersScreen } from '../features/client-users';
import { PortfolioSettingsScreen } from '../features/portfolio-settings/portfolio-settings-screen';
import { CreateTargetCompanyModal } from '../features/target-company-wizard/create-target-company-modal';
import { useSessionUser } from '../use-session-user';

export function TargetCompaniesPage() {
  const user = useSessionUser();
  const [adding, setAdding] = useState(false);
  const queryClient = useQueryClient();
  const canAdd = canAddTargetCompany(user);
  return (
    <>
      <TargetCompaniesScreen
        cardLinks={targetCompanyCardLinks(user ?? { userType: 'client', role: 'viewer' })}
        onAdd={canAdd ? () => setAdding(true) : undefined}
      />
      {canAdd ? (
        <CreateTargetCompanyModal
          open={adding}
          onOpenChange={setAdding}
          onCreated={() => queryClient.invalidateQueries({ queryKey: queryKeys.targetCompanies() })}
        />
      ) : null}
    </>
  );
}

export function AuditorsPage() {
  const user = useSessionUser();
  return <AuditorsScreen canAdd={canAddClientUsersAndAuditors(user)} />;
}

export function UsersPage() {
  const user = useSessionUser();
  if (!user) return null;
  return <ClientUsersScreen user={user} />;
}

export function SettingsPage() {
  const user = useSessionUser();
  if (!user) return null;
  return <PortfolioSettingsScreen user={user} />;
}
