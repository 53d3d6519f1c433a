export const TOAST_MAX = 20;

/** null means the toast never expires. */
export const TOAST_DURATIONS = {
  blank: 4000,
  error: 4000,
  custom: 4000,
  success: 2000,
  loading: null,
} as const satisfies Record<string, number | null>;

export const EMAIL_CHECK_DEBOUNCE_MS = 600;
export const LOGIN_IMAGE_ROTATION_MS = 8000;
export const LOGIN_IMAGE_COUNT = 2;
export const RETRIES_AFTER_403 = 1;
export const REMARK_SCROLL_DELAY_MS = 50;

export const SIDEBAR_WIDTH = { expanded: 64, collapsed: 16 } as const;

export const PORTFOLIO_BAR_SIZE = 15;

export function portfolioChartHeight(companyRows: number): number {
  return 120 + 110 * companyRows;
}
