// Strings the target-company area shows itself; the feature screens bring their own.
export const TARGET_COMPANY_TEXTS = {
  /** The h1 shown above the missing-company message, so every page keeps its heading. */
  noCompanyTitle: 'Target Company',
} as const;
