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

/** Lists that grow are read one page at a time: this many rows unless the caller asks otherwise. */
export const LIST_PAGE_SIZE = 20;
/** The most rows one page of a list may ask for. */
export const LIST_MAX_PAGE_SIZE = 100;
/** The newest gaps each plan of the action plan list carries; the rest come on request. */
export const PLAN_LIST_GAP_PREVIEW = 5;
/** The newest remarks each gap carries; earlier ones come a page at a time (GET /gap/{id}/remarks). */
export const GAP_REMARK_PREVIEW = 20;
/** The newest changes each gap carries; earlier ones come a page at a time (GET /gap/{id}/changes). */
export const GAP_CHANGE_PREVIEW = 20;

export function portfolioChartHeight(companyRows: number): number {
  return 120 + 110 * companyRows;
}

/** A number of whole days from 1 to `max`: an organisation's clock or target (incidents, grievances). */
export function isDayCount(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;
}
