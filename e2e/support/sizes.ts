import { test } from '@playwright/test';

/** The two screens every user-facing browser test looks at: a laptop and a phone. */
export const SCREEN_SIZES = [
  { size: '1400x900', viewport: { width: 1400, height: 900 }, phone: false },
  { size: '390x844', viewport: { width: 390, height: 844 }, phone: true },
] as const;

/**
 * Declares the tests of `body` once per screen size, in a describe block named 'at 1400x900' and
 * 'at 390x844'. With `touch`, the phone is a touch phone with its own viewport rules (`isMobile`).
 */
export function atBothSizes(
  body: (size: string, phone: boolean) => void,
  { touch = false }: { touch?: boolean } = {},
) {
  for (const { size, viewport, phone } of SCREEN_SIZES) {
    test.describe(`at ${size}`, () => {
      test.use(phone && touch ? { viewport, hasTouch: true, isMobile: true } : { viewport });
      body(size, phone);
    });
  }
}
