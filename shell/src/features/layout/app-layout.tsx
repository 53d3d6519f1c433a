import { useLanguage } from '@verity/session';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { SessionUser } from '@verity/shared-api';
import { OfflineBar } from '@verity/shared-ui';
import { useMediaQuery } from '../../lib/use-media-query';
import { t } from '../../strings';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { useHeadingFocus } from './use-heading-focus';
import './layout.css';

/** Below this width (a phone, a narrow window) the sidebar is a drawer over the page. */
export const DRAWER_QUERY = '(max-width: 48rem)';

export interface AppLayoutProps {
  user: SessionUser;
  children: ReactNode;
}

/** The signed-in frame: sidebar, header and the main content area an area's remote renders into. */
export function AppLayout({ user, children }: AppLayoutProps) {
  useLanguage();
  const drawer = useMediaQuery(DRAWER_QUERY);
  const [sidebarExpanded, setSidebarExpanded] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const expanded = drawer ? drawerOpen : sidebarExpanded;
  useHeadingFocus(main);

  // Choosing a page in the drawer takes the user there: the drawer gets out of the way.
  useEffect(() => setDrawerOpen(false), [pathname]);

  const closeDrawer = useCallback((restoreFocus: boolean) => {
    setDrawerOpen(false);
    if (restoreFocus) toggle.current?.focus();
  }, []);

  return (
    <div className="app-layout" data-drawer={drawer ? 'true' : undefined}>
      <a className="app-layout__skip-link" href="#main-content">
        {t('shell.skipToContent')}
      </a>
      <Sidebar
        userType={user.userType}
        expanded={expanded}
        drawer={drawer}
        onCloseDrawer={closeDrawer}
      />
      <div className="app-layout__body">
        <Header
          user={user}
          sidebarExpanded={expanded}
          onToggleSidebar={() =>
            drawer ? setDrawerOpen((open) => !open) : setSidebarExpanded((value) => !value)
          }
          toggleRef={toggle}
        />
        <OfflineBar userId={user._id} />
        <main className="app-layout__main" id="main-content" ref={main} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
