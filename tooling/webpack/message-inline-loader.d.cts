/** webpack: each message id our code names carries its English message. */
declare function messageInlineLoader(
  this: { addDependency(file: string): void; emitError(error: Error): void },
  source: string,
): string;
export = messageInlineLoader;
