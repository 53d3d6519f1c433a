export { AppLayout } from './app-layout';
export type { AppLayoutProps } from './app-layout';
export { SIDEBAR_ITEMS, activeSidebarItemId } from './sidebar-items';
export type { SidebarItem } from './sidebar-items';
