import { NetworkError, isApiHttpError, isTimeoutError } from '@verity/session';
import { MESSAGES } from '../messages';

function messageOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('message' in value)) return undefined;
  const { message } = value as { message: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The error text rule: the server's `message` when it sent one, else the caller's fallback. */
export function getErrorText(
  error: unknown,
  fallback: string = MESSAGES.SOMETHING_WENT_WRONG,
): string {
  if (isApiHttpError(error)) return messageOf(error.data) ?? fallback;
  if (error instanceof NetworkError || isTimeoutError(error)) return MESSAGES.NETWORK_ERROR;
  if (typeof error === 'string') return error;
  return messageOf(error) ?? fallback;
}
