import type { ReactElement } from 'react';
import type { SidebarIcon } from './sidebar-items';

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function Svg({ children }: { children: ReactElement | ReactElement[] }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      {...stroke}
    >
      {children}
    </svg>
  );
}

const paths: Record<SidebarIcon, ReactElement> = {
  dashboard: (
    <Svg>
      <rect x="3" y="3" width="7" height="9" rx="1.5" />
      <rect x="14" y="3" width="7" height="5" rx="1.5" />
      <rect x="14" y="12" width="7" height="9" rx="1.5" />
      <rect x="3" y="16" width="7" height="5" rx="1.5" />
    </Svg>
  ),
  portfolio: (
    <Svg>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M3 9h18M3 15h18M9 3v18M15 3v18" />
    </Svg>
  ),
  companies: (
    <Svg>
      <path d="M4 21V5a2 2 0 0 1 2-2h7a2 2 0 0 1 2 2v16" />
      <path d="M15 9h3a2 2 0 0 1 2 2v10M2 21h20M8 7h3M8 11h3M8 15h3" />
    </Svg>
  ),
  auditors: (
    <Svg>
      <path d="M9 11l2 2 4-4" />
      <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />
    </Svg>
  ),
  users: (
    <Svg>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.6-3.5 3.3-5.5 6.5-5.5s5.9 2 6.5 5.5" />
      <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.8c2 .7 3.2 2.5 3.5 5.2" />
    </Svg>
  ),
  'action-plans': (
    <Svg>
      <path d="M9 5h10M9 12h10M9 19h10" />
      <path d="M4 5h.01M4 12h.01M4 19h.01" />
    </Svg>
  ),
};

export function SidebarItemIcon({ icon }: { icon: SidebarIcon }) {
  return paths[icon];
}

export function UserIcon() {
  return (
    <Svg>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c.8-4.2 4-6.5 8-6.5s7.2 2.3 8 6.5" />
    </Svg>
  );
}

export function SidebarToggleIcon({ expanded }: { expanded: boolean }) {
  return (
    <Svg>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M9 4v16" />
      {expanded ? <path d="M16 10l-2 2 2 2" /> : <path d="M14 10l2 2-2 2" />}
    </Svg>
  );
}

export function LogoutIcon() {
  return (
    <Svg>
      <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
      <path d="M10 17l-5-5 5-5M5 12h11" />
    </Svg>
  );
}

export function BellIcon() {
  return (
    <Svg>
      <path d="M6 9a6 6 0 0 1 12 0c0 4.5 1.5 6.5 2.5 7.5h-17C4.5 15.5 6 13.5 6 9z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </Svg>
  );
}
