import { useState } from 'react';
import {
  canManageApiTokens,
  canManageSingleSignOn,
  canManageWebhooks,
  NOTIFICATION_TEXT,
  type SessionUser,
} from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { PageHeader, useUnsavedChanges } from '@verity/shared-ui';
import { ApiTokensCard } from './api-tokens-card';
import { DateStyleForm } from './date-style-form';
import { LanguageForm } from './language-form';
import { NotificationPreferencesForm } from './notification-preferences-form';
import { OrganisationTimeZoneForm } from './organisation-time-zone-form';
import { SingleSignOnCard } from './single-sign-on-card';
import { t } from './texts';
import { WebhooksCard } from './webhooks-card';
import './notification-settings.css';

/**
 * '/{area}/notification-settings', the shell's one page inside every area: the user's own switches
 * per kind and channel, the organisation's time zone, the user's language, how dates are written for the user,
 * and, for
 * owners, the organisation's API tokens, webhooks and single sign-on.
 * Leaving with a form unsaved asks first.
 */
export default function NotificationSettingsPage({ user }: { user: SessionUser }) {
  useLanguage();
  const [preferencesDirty, setPreferencesDirty] = useState(false);
  const [timeZoneDirty, setTimeZoneDirty] = useState(false);
  const [dateStyleDirty, setDateStyleDirty] = useState(false);
  const [languageDirty, setLanguageDirty] = useState(false);
  // One guard for the page: a router holds one blocker at a time.
  const { prompt } = useUnsavedChanges(
    preferencesDirty || timeZoneDirty || dateStyleDirty || languageDirty,
  );

  return (
    <div className="notification-settings">
      <PageHeader
        title={NOTIFICATION_TEXT.NOTIFICATION_SETTINGS_LABEL}
        description={t('settings.page.intro')}
      />
      <NotificationPreferencesForm onDirtyChange={setPreferencesDirty} />
      <OrganisationTimeZoneForm user={user} onDirtyChange={setTimeZoneDirty} />
      <LanguageForm onDirtyChange={setLanguageDirty} />
      <DateStyleForm onDirtyChange={setDateStyleDirty} />
      {canManageApiTokens(user) ? <ApiTokensCard /> : null}
      {canManageWebhooks(user) ? <WebhooksCard /> : null}
      {canManageSingleSignOn(user) ? <SingleSignOnCard /> : null}
      {prompt}
    </div>
  );
}
