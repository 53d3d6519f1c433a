import { test } from '@playwright/test';

/** The two screens every user-facing browser test looks at: a laptop and a phone. */
export const SCREEN_SIZES = [
  { size: '1400x900', viewport: { width: 1400, height: 900 }, phone: false },
  { size: '390x844', viewport: { width: 390, height: 844 }, phone: true },
] as const;

/** Declares the tests of `body` once per size given, each in a describe block named 'at <size>'. */
function atSizes(
  sizes: readonly (typeof SCREEN_SIZES)[number][],
  body: (size: string, phone: boolean) => void,
  touch: boolean,
) {
  for (const { size, viewport, phone } of sizes) {
    test.describe(`at ${size}`, () => {
      test.use(phone && touch ? { viewport, hasTouch: true, isMobile: true } : { viewport });
      body(size, phone);
    });
  }
}

/**
 * Declares the tests of `body` once per screen size, in a describe block named 'at 1400x900' and
 * 'at 390x844'. With `touch`, the phone is a touch phone with its own viewport rules (`isMobile`).
 */
export function atBothSizes(
  body: (size: string, phone: boolean) => void,
  { touch = false }: { touch?: boolean } = {},
) {
  atSizes(SCREEN_SIZES, body, touch);
}

/**
 * Declares the tests of `body` at the laptop's size only, in a describe block named 'at 1400x900':
 * for a flow with no step of its own on a phone, whose screens every-screen-on-a-phone.spec.ts
 * checks on a phone (docs/decisions/0112-browser-flows-at-the-sizes-they-differ.md).
 */
export function atLaptopSize(body: (size: string) => void) {
  atSizes([SCREEN_SIZES[0]], body, false);
}
