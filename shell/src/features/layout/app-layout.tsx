import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { SessionUser } from '@verity/shared-api';
import { useMediaQuery } from '../../lib/use-media-query';
import { Header } from './header';
import { Sidebar } from './sidebar';
import './layout.css';

/** Below this width (a phone, a narrow window) the sidebar is a drawer over the page. */
export const DRAWER_QUERY = '(max-width: 48rem)';

export interface AppLayoutProps {
  user: SessionUser;
  children: ReactNode;
}

/** The signed-in frame: sidebar, header and the main content area an area's remote renders into. */
export function AppLayout({ user, children }: AppLayoutProps) {
  const drawer = useMediaQuery(DRAWER_QUERY);
  const [sidebarExpanded, setSidebarExpanded] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Choosing a page in the drawer takes the user there: the drawer gets out of the way.
  useEffect(() => setDrawerOpen(false), [pathname]);

  const closeDrawer = useCallback((restoreFocus: boolean) => {
    setDrawerOpen(false);
    if (restoreFocus) toggle.current?.focus();
  }, []);

  return (
    <div className="app-layout" data-drawer={drawer ? 'true' : undefined}>
      <Sidebar
        userType={user.userType}
        expanded={drawer ? drawerOpen : sidebarExpanded}
        drawer={drawer}
        onCloseDrawer={closeDrawer}
      />
      <div className="app-layout__body">
        <Header
          user={user}
          sidebarExpanded={drawer ? drawerOpen : sidebarExpanded}
          onToggleSidebar={() =>
            drawer ? setDrawerOpen((open) => !open) : setSidebarExpanded((value) => !value)
          }
          toggleRef={toggle}
        />
        <main className="app-layout__main" id="main-content">
          {children}
        </main>
      </div>
    </div>
  );
}
