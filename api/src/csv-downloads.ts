import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { withByteOrderMark } from './action-plans/csv-export';
import { ApiError } from './errors';
import { errorCodes, exportMessages } from './messages';
import { RETRY_AFTER_SECONDS, ServiceUnavailableError } from './service-unavailable';

/** CSV downloads open at once in one API process: each keeps at most SPILL_FILE_MAX_BYTES on disk. */
export const EXPORTS_AT_ONCE = 8;
/** CSV downloads open at once for one user. */
export const EXPORTS_PER_USER = 2;
/**
 * Closes the response once its reader has taken nothing for `stallMs` while bytes wait for it (the
 * response needs a drain). A slow database is not a stalled reader: nothing waits to be sent then.
 */
function closeWhenStalled(reply: FastifyReply, stallMs: number): void {
  const response: ServerResponse = reply.raw;
  let waitingSince: number | undefined;
  const drained = () => (waitingSince = undefined);
  response.on('drain', drained);
  const watch = setInterval(
    () => {
      if (!response.writableNeedDrain) {
        waitingSince = undefined;
        return;
      }
      const now = Date.now();
      waitingSince ??= now;
      if (now - waitingSince < stallMs) return;
      reply.log.info(`closing a download whose reader took nothing for ${stallMs / 1000} s`);
      // A reset, not a close: a close would wait behind the bytes the reader never takes. The
      // export is destroyed with the response, and its spill file or its rows with it.
      response.socket?.resetAndDestroy();
      response.destroy();
    },
    Math.min(1000, stallMs),
  );
  watch.unref();
  response.once('close', () => {
    clearInterval(watch);
    response.off('drain', drained);
  });
}

/**
 * The CSV downloads open in this process: at most EXPORTS_AT_ONCE, EXPORTS_PER_USER of them one
 * user's, each closed once its reader stalls for `stallMs` (CSV_EXPORT_STALL_SECONDS, 30 s by
 * default). A download holds its place until its response ends, however it ends.
 */
export class CsvDownloads {
  private open = 0;
  private readonly perUser = new Map<string, number>();

  constructor(private readonly stallMs: number) {}

  /** Takes a place for the user's download; 429 past their own, 503 past the process's. */
  private take(userId: string): () => void {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= EXPORTS_PER_USER) {
      throw new ApiError(
        429,
        errorCodes.tooManyExports,
        exportMessages.tooManyExports(EXPORTS_PER_USER),
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
    if (this.open >= EXPORTS_AT_ONCE) {
      throw new ServiceUnavailableError(`Shedding load: ${this.open} CSV downloads open`);
    }
    this.open += 1;
    this.perUser.set(userId, mine + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.open -= 1;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    };
  }

  /**
   * Sends the rows `open` streams, behind UTF-8's byte-order mark, as the signed-in user's download
   * `fileName`: a CSV attachment no cache keeps.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    fileName: string,
    open: () => Readable,
  ): FastifyReply {
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'private, no-store');
    const giveBack = this.take(request.user._id);
    let rows: Readable;
    try {
      rows = open();
    } catch (error) {
      giveBack();
      throw error;
    }
    reply.raw.once('close', giveBack);
    closeWhenStalled(reply, this.stallMs);
    return reply.send(withByteOrderMark(rows));
  }
}
