import { Link, useLocation } from 'react-router-dom';
import { SIDEBAR_WIDTH, type UserType } from '@verity/shared-api';
import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';
import { MAIN_NAV_LABEL } from '../../strings';
import { SidebarItemIcon } from './icons';
import { SIDEBAR_ITEMS, activeSidebarItemId } from './sidebar-items';

export const SIDEBAR_ID = 'app-sidebar';

/** One width unit is 0.25rem, so 64 units are 16rem and 16 units are 4rem. */
const REM_PER_UNIT = 0.25;

export interface SidebarProps {
  userType: UserType;
  expanded: boolean;
}

export function Sidebar({ userType, expanded }: SidebarProps) {
  const { pathname } = useLocation();
  const items = SIDEBAR_ITEMS[userType];
  const activeId = activeSidebarItemId(pathname, items);
  const state = expanded ? 'expanded' : 'collapsed';
  return (
    <aside
      id={SIDEBAR_ID}
      className="app-sidebar"
      data-state={state}
      style={{ width: `${SIDEBAR_WIDTH[state] * REM_PER_UNIT}rem` }}
    >
      <div className="app-sidebar__brand">
        <Link to={paths.area(userType)} className="app-sidebar__brand-link">
          <Logo compact={!expanded} />
        </Link>
      </div>
      <nav aria-label={MAIN_NAV_LABEL} className="app-sidebar__nav">
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={paths.areaItem(userType, item.id)}
                className="app-sidebar__link"
                aria-current={item.id === activeId ? 'page' : undefined}
                title={expanded ? undefined : item.label}
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
  );
}
