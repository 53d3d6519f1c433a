import { useLanguage } from '@verity/session';
import type { Ref } from 'react';
import { dashboardTitle, type SessionUser } from '@verity/shared-api';
import { IconButton } from '@verity/shared-ui';
import { t } from '../../strings';
import { NotificationBell } from '../notifications';
import { SidebarToggleIcon } from './icons';
import { SIDEBAR_ID } from './sidebar';
import { UserMenu } from './user-menu';

export interface HeaderProps {
  user: SessionUser;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  /** The toggle, for the layout to give the focus back to when the drawer closes. */
  toggleRef?: Ref<HTMLButtonElement>;
}

export function Header({ user, sidebarExpanded, onToggleSidebar, toggleRef }: HeaderProps) {
  useLanguage();
  return (
    <header className="app-header">
      <IconButton
        ref={toggleRef}
        label={sidebarExpanded ? t('shell.sidebar.collapse') : t('shell.sidebar.expand')}
        icon={<SidebarToggleIcon expanded={sidebarExpanded} />}
        aria-expanded={sidebarExpanded}
        aria-controls={SIDEBAR_ID}
        onClick={onToggleSidebar}
      />
      <p className="app-header__title">{dashboardTitle(user.userType)}</p>
      <NotificationBell />
      <UserMenu user={user} />
    </header>
  );
}
