import { REMARK_ATTACHMENT_TYPES, attachmentProblem } from '@verity/shared-api';

/** Exactly the kinds the server takes, so a picker offers nothing it would refuse. */
export const PICKABLE_IMAGE_TYPES = REMARK_ATTACHMENT_TYPES.join(',');

/**
 * A phone or tablet: a touch screen, where a camera button makes sense beside the file picker, and
 * whose keyboard has no Shift+Enter.
 */
export function hasTouchScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

export interface RefusedFile {
  name: string;
  problem: string;
}

/**
 * The evidence rule every picker follows (remarks, incidents): of the images picked, those the
 * server will take join the ones already kept; each other one is left out with why.
 */
export function pickImages<T>(
  kept: readonly T[],
  picked: readonly T[],
  fileOf: (item: T) => File,
): { taken: T[]; refused: RefusedFile[] } {
  const taken = [...kept];
  const refused: RefusedFile[] = [];
  for (const item of picked) {
    const file = fileOf(item);
    const problem = attachmentProblem(file, taken.length);
    if (problem) refused.push({ name: file.name, problem });
    else taken.push(item);
  }
  return { taken, refused };
}
