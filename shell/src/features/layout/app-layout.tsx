import { useState, type ReactNode } from 'react';
import type { SessionUser } from '@verity/shared-api';
import { Header } from './header';
import { Sidebar } from './sidebar';
import './layout.css';

export interface AppLayoutProps {
  user: SessionUser;
  children: ReactNode;
}

/** The signed-in frame: sidebar, header and the main content area an area's remote renders into. */
export function AppLayout({ user, children }: AppLayoutProps) {
  const [sidebarExpanded, setSidebarExpanded] = useState(true);
  return (
    <div className="app-layout">
      <Sidebar userType={user.userType} expanded={sidebarExpanded} />
      <div className="app-layout__body">
        <Header
          user={user}
          sidebarExpanded={sidebarExpanded}
          onToggleSidebar={() => setSidebarExpanded((value) => !value)}
        />
        <main className="app-layout__main" id="main-content">
          {children}
        </main>
      </div>
    </div>
  );
}
