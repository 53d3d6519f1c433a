import { useState } from 'react';
import {
  isRole,
  MESSAGES,
  NOTIFICATION_TEXT,
  ROLE_LABELS,
  type SessionUser,
  usesLetterAvatar,
} from '@verity/shared-api';
import { Link } from 'react-router-dom';
import { useSession, useLanguage } from '@verity/session';
import { Button, IconButton, toast } from '@verity/shared-ui';
import { paths } from '../../config/paths';
import { t, PORTFOLIO_SETTINGS_PATH } from '../../strings';
import { LogoutIcon, UserIcon } from './icons';
import { useHeaderPanel } from './use-header-panel';

/** The letter auditors see on their avatar. */
export const AUDITOR_AVATAR_LETTER = 'L';

export function UserMenu({ user }: { user: SessionUser }) {
  useLanguage();
  const logout = useSession((state) => state.logout);
  const { open, toggle, close, panelId, triggerRef, panelRef } = useHeaderPanel();
  const [loggingOut, setLoggingOut] = useState(false);

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logout();
    } catch {
      toast.error(MESSAGES.LOGOUT_FAILED);
    } finally {
      setLoggingOut(false);
    }
  };

  const fullName = user.fullname?.trim() || t('shell.user.fallbackName');
  const roleLabel = isRole(user.role) ? ROLE_LABELS[user.role] : user.role;

  return (
    <div className="user-menu">
      <IconButton
        ref={triggerRef}
        label={t('shell.user.menu')}
        shape="round"
        variant="solid"
        className="user-menu__trigger"
        icon={
          usesLetterAvatar(user) ? (
            <span className="user-menu__letter">{AUDITOR_AVATAR_LETTER}</span>
          ) : (
            <UserIcon />
          )
        }
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      />
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-label={t('shell.user.panel')}
          className="user-menu__panel"
          tabIndex={-1}
        >
          <p className="user-menu__name">{fullName}</p>
          <p className="user-menu__email">{user.emailId}</p>
          <p className="user-menu__role">{roleLabel}</p>
          {user.userType === 'client' ? (
            // The portfolio's own settings (closure by evidence review), outside the spec's menu.
            <Link
              to={PORTFOLIO_SETTINGS_PATH}
              className="user-menu__link"
              onClick={() => close(false)}
            >
              {t('shell.user.portfolioSettings')}
            </Link>
          ) : null}
          {/* Every user's own notification settings (and the organisation's time zone). */}
          <Link
            to={paths.notificationSettings(user.userType)}
            className="user-menu__link"
            onClick={() => close(false)}
          >
            {NOTIFICATION_TEXT.NOTIFICATION_SETTINGS_LABEL}
          </Link>
          <hr className="user-menu__divider" />
          <Button
            variant="ghost"
            fullWidth
            className="user-menu__logout"
            startIcon={<LogoutIcon />}
            loading={loggingOut}
            onClick={onLogout}
          >
            {t('shell.user.logout')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
