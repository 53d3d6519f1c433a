import type { SdgNumber } from '@verity/shared-api';

/** The United Nations' own colour for each goal. */
export const SDG_COLORS: Readonly<Record<SdgNumber, string>> = {
  1: '#E5243B',
  2: '#DDA63A',
  3: '#4C9F38',
  4: '#C5192D',
  5: '#FF3A21',
  6: '#26BDE2',
  7: '#FCC30B',
  8: '#A21942',
  9: '#FD6925',
  10: '#DD1367',
  11: '#FD9D24',
  12: '#BF8B2E',
  13: '#3F7E44',
  14: '#0A97D9',
  15: '#56C02B',
  16: '#00689D',
  17: '#19486A',
};

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  const [red = 0, green = 0, blue = 0] = channels;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** Black or white, whichever reads better on the tile's colour. */
export function sdgTextColor(background: string): '#000000' | '#ffffff' {
  const light = luminance(background);
  const onWhite = 1.05 / (light + 0.05);
  const onBlack = (light + 0.05) / 0.05;
  return onBlack > onWhite ? '#000000' : '#ffffff';
}
