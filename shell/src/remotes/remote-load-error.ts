/** A remote that could not be fetched, as opposed to one that loaded and then failed while rendering. */
export class RemoteLoadError extends Error {
  constructor(
    readonly remoteName: string,
    options?: { cause?: unknown },
  ) {
    super(`The remote ${remoteName} could not be loaded`, options);
    this.name = 'RemoteLoadError';
  }
}
