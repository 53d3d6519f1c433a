/** Verity's mark: a leaf whose vein forms a check, for verified sustainability. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient
          id="verity-logo-leaf"
          x1="4"
          y1="28"
          x2="28"
          y2="4"
          gradientUnits="userSpaceOnUse"
        >
          <stop offset="0" stopColor="#0f766e" />
          <stop offset="1" stopColor="#4ade80" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="#ecfdf5" />
      <path d="M7 25C7 13 14 6 26 6c0 12-7 19-19 19z" fill="url(#verity-logo-leaf)" />
      <path
        d="M10.5 17.5l4 4 8-10"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface LogoProps {
  /** Hides the word mark, e.g. in the collapsed sidebar. */
  compact?: boolean;
  size?: number;
}

export function Logo({ compact = false, size = 32 }: LogoProps) {
  return (
    <span className="verity-logo">
      <LogoMark size={size} />
      {compact ? (
        <span className="vui-sr-only">Verity</span>
      ) : (
        <span className="verity-logo__word">Verity</span>
      )}
    </span>
  );
}
