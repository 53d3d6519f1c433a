import { REMARK_ATTACHMENT_TYPES, attachmentProblem, type DeviceCapture } from '@verity/shared-api';

/** An image to send, with the device's capture record of a photo taken here that carries none. */
export interface DraftImage {
  file: File;
  deviceCapture: DeviceCapture | null;
}

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

/** A picked file as it is: its own capture time, if any, is in its bytes. */
export const asPicked = (file: File): DraftImage => ({ file, deviceCapture: null });

/**
 * Photos just taken with the camera: scaled down on the device, with the device's record when they
 * have no capture time (docs/decisions/0102-photos-prepared-on-the-device.md). The preparing code
 * loads on the first photo taken; a photo it cannot prepare is kept as it was taken.
 */
export async function prepareTakenPhotos(files: readonly File[]): Promise<DraftImage[]> {
  const prepare = await import('../gap-details/prepare-photo').then(
    ({ preparePhoto }) => preparePhoto,
    () => null,
  );
  return Promise.all(
    files.map((file) =>
      prepare
        ? prepare(file).then(
            ({ file: prepared, deviceCapture }) => ({ file: prepared, deviceCapture }),
            () => asPicked(file),
          )
        : asPicked(file),
    ),
  );
}
