import { randomUUID } from 'node:crypto';
import { mkdir, open, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Duplex } from 'node:stream';

/** Bytes kept in memory before the rest goes to the spill file. */
const MEMORY_BYTES = 1024 * 1024;
/** Largest read from the spill file at once. */
const READ_BYTES = 64 * 1024;
/**
 * The largest spill file: more than the largest exports measured (23 MB for 100,000 gaps of one
 * company, 22 MB for a portfolio of 200,000), so only a larger one ever waits for its reader.
 */
export const SPILL_FILE_MAX_BYTES = 32 * 1024 * 1024;

type Segment = { kind: 'memory'; chunk: Buffer } | { kind: 'file'; start: number; length: number };

/**
 * A pass-through that does not make its writer wait for its reader: what the reader has not taken
 * yet stays in memory up to 1 MB, and beyond that in a temporary file (unlinked as soon as it is
 * opened, so nothing is left behind even by a killed process). A database export written into it
 * finishes at the database's pace and frees its connection, however slowly the client downloads.
 * The file grows to `maxFileBytes` at most: past that the writer waits until the reader has taken
 * what the file holds, and the file is written again from its start.
 */
export class SpillBuffer extends Duplex {
  private readonly segments: Segment[] = [];
  private memoryBytes = 0;
  private file: Promise<FileHandle> | undefined;
  private writeOffset = 0;
  private reading = false;
  private wanted = false;
  private ended = false;
  /** A write waiting for the file to be read empty (it is at its largest). */
  private waitingWrite: (() => void) | undefined;

  constructor(
    private readonly folder: string,
    private readonly maxFileBytes = SPILL_FILE_MAX_BYTES,
  ) {
    super();
  }

  private spillFile(): Promise<FileHandle> {
    this.file ??= (async () => {
      await mkdir(this.folder, { recursive: true });
      const name = path.join(this.folder, `export-${randomUUID()}.spill`);
      const handle = await open(name, 'wx+', 0o600);
      await unlink(name);
      return handle;
    })();
    return this.file;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    if (this.memoryBytes + chunk.length <= MEMORY_BYTES) {
      this.segments.push({ kind: 'memory', chunk });
      this.memoryBytes += chunk.length;
      this.pump();
      done();
      return;
    }
    this.spillWhenRoom(chunk, done);
  }

  /** Nothing in the file is waiting for the reader. */
  private fileEmpty(): boolean {
    return !this.reading && !this.segments.some((segment) => segment.kind === 'file');
  }

  private spillWhenRoom(chunk: Buffer, done: (error?: Error) => void): void {
    if (!this.fileEmpty() && this.writeOffset + chunk.length > this.maxFileBytes) {
      this.waitingWrite = () => this.spillWhenRoom(chunk, done);
      return;
    }
    this.spill(chunk).then(() => {
      this.pump();
      done();
    }, done);
  }

  private async spill(chunk: Buffer): Promise<void> {
    const handle = await this.spillFile();
    // With nothing waiting in the file, it is written again from its start: it holds only the backlog.
    if (this.fileEmpty()) this.writeOffset = 0;
    const start = this.writeOffset;
    let written = 0;
    while (written < chunk.length) {
      const { bytesWritten } = await handle.write(
        chunk,
        written,
        chunk.length - written,
        start + written,
      );
      written += bytesWritten;
    }
    this.writeOffset += chunk.length;
    const last = this.segments.at(-1);
    if (last?.kind === 'file' && last.start + last.length === start) last.length += chunk.length;
    else this.segments.push({ kind: 'file', start, length: chunk.length });
  }

  override _final(done: (error?: Error) => void): void {
    this.ended = true;
    this.pump();
    done();
  }

  override _read(): void {
    this.wanted = true;
    this.pump();
  }

  /** Hands the reader what it asked for, in order, from memory or the file. */
  private pump(): void {
    if (this.waitingWrite && this.fileEmpty()) {
      const write = this.waitingWrite;
      this.waitingWrite = undefined;
      write();
    }
    while (this.wanted && !this.reading) {
      const head = this.segments[0];
      if (!head) {
        if (this.ended) {
          this.wanted = false;
          this.push(null);
        }
        return;
      }
      if (head.kind === 'memory') {
        this.segments.shift();
        this.memoryBytes -= head.chunk.length;
        this.wanted = this.push(head.chunk);
        continue;
      }
      this.reading = true;
      this.readFromFile(head).then(
        (chunk) => {
          this.reading = false;
          if (this.destroyed) return;
          this.wanted = this.push(chunk);
          this.pump();
        },
        (error: Error) => this.destroy(error),
      );
    }
  }

  private async readFromFile(segment: Segment & { kind: 'file' }): Promise<Buffer> {
    const handle = await this.spillFile();
    const buffer = Buffer.allocUnsafe(Math.min(READ_BYTES, segment.length));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, segment.start);
    if (bytesRead === 0) throw new Error('The export spill file ended early');
    segment.start += bytesRead;
    segment.length -= bytesRead;
    if (segment.length === 0) this.segments.shift();
    return buffer.subarray(0, bytesRead);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.segments.length = 0;
    this.waitingWrite = undefined;
    const file = this.file;
    if (!file) {
      done(error);
      return;
    }
    file
      .then(
        (handle) => handle.close(),
        () => undefined,
      )
      .then(
        () => done(error),
        () => done(error),
      );
  }
}
