// Small JPEG thumbnails of evidence images for the report: read from storage one at a time and
// downscaled by sharp, so a report never holds more than one full image (docs/performance.md).
import type createSharp from 'sharp';
import type { AttachmentStorage } from '../storage/attachment-storage';

/** The box a thumbnail fits in, in pixels (twice its printed size, for print). */
export const THUMBNAIL_PIXELS = 240;
/** A report shows at most this many thumbnails; later images are listed without one. */
export const MAX_THUMBNAILS = 100;
/** An image larger than this many pixels is listed without a thumbnail (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;

let loading: Promise<typeof createSharp> | undefined;

/** sharp (about 20 MB with libvips) is loaded with the first thumbnail, not when the API starts. */
function loadSharp() {
  loading ??= import('sharp').then((module) => {
    // Its CommonJS build's declaration (`export =`) reads as a namespace to TypeScript here.
    const sharp = module.default as typeof createSharp;
    // One image at a time: the report is one request among others on a small machine.
    sharp.concurrency(1);
    // No cache of decoded images: each is read once, and the cache would hold up to 50 MB of them.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/** The image's thumbnail as JPEG bytes, or undefined when it cannot be read or decoded. */
export async function thumbnail(
  storage: AttachmentStorage,
  storageKey: string,
): Promise<Buffer | undefined> {
  try {
    const sharp = await loadSharp();
    const source = await storage.get(storageKey);
    const resize = sharp({ limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(THUMBNAIL_PIXELS, THUMBNAIL_PIXELS, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 70, mozjpeg: false });
    source.on('error', (error) => resize.destroy(error));
    return await source.pipe(resize).toBuffer();
  } catch {
    return undefined;
  }
}
