import { useLanguage } from '@verity/session';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SIDEBAR_WIDTH, type UserType } from '@verity/shared-api';
import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';
import { t } from '../../strings';
import { SidebarItemIcon } from './icons';
import { SIDEBAR_ITEMS, activeSidebarItemId } from './sidebar-items';

export const SIDEBAR_ID = 'app-sidebar';

/** One width unit is 0.25rem, so 64 units are 16rem and 16 units are 4rem. */
const REM_PER_UNIT = 0.25;

export interface SidebarProps {
  userType: UserType;
  expanded: boolean;
  /**
   * On a narrow screen the sidebar is a drawer over the page: hidden when collapsed, full width
   * (64 units) when expanded, closed by Escape or a tap beside it.
   */
  drawer?: boolean;
  /** Closes the drawer; `restoreFocus` gives the focus back to its toggle (not after choosing a page). */
  onCloseDrawer?: (restoreFocus: boolean) => void;
}

export function Sidebar({ userType, expanded, drawer = false, onCloseDrawer }: SidebarProps) {
  useLanguage();
  const { pathname } = useLocation();
  const items = SIDEBAR_ITEMS[userType];
  const activeId = activeSidebarItemId(pathname, items);
  const state = expanded ? 'expanded' : 'collapsed';
  const open = drawer && expanded;
  const panel = useRef<HTMLElement>(null);

  // An opened drawer takes the focus to its current page and gives it back when Escape closes it.
  useEffect(() => {
    if (!open) return;
    const links = panel.current?.querySelector('nav');
    const current =
      links?.querySelector<HTMLElement>('[aria-current="page"]') ??
      links?.querySelector<HTMLElement>('a');
    current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseDrawer?.(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onCloseDrawer]);

  return (
    <>
      {open ? (
        <div
          className="app-sidebar-backdrop"
          aria-hidden="true"
          onClick={() => onCloseDrawer?.(true)}
        />
      ) : null}
      <aside
        ref={panel}
        id={SIDEBAR_ID}
        className="app-sidebar"
        data-state={state}
        data-drawer={drawer ? 'true' : undefined}
        style={{ width: `${SIDEBAR_WIDTH[drawer ? 'expanded' : state] * REM_PER_UNIT}rem` }}
        hidden={drawer && !expanded}
      >
        <div className="app-sidebar__brand">
          <Link to={paths.area(userType)} className="app-sidebar__brand-link">
            <Logo compact={!expanded} />
          </Link>
        </div>
        <nav aria-label={t('shell.nav.main')} className="app-sidebar__nav">
          <ul>
            {items.map((item) => (
              <li key={item.id}>
                <Link
                  to={paths.areaItem(userType, item.id)}
                  className="app-sidebar__link"
                  aria-current={item.id === activeId ? 'page' : undefined}
                  title={expanded ? undefined : item.label}
                  onClick={open ? () => onCloseDrawer?.(false) : undefined}
                >
                  <SidebarItemIcon icon={item.icon} />
                  <span className={expanded ? 'app-sidebar__label' : 'vui-sr-only'}>
                    {item.label}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
    </>
  );
}
