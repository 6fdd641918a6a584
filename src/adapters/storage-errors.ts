import { errorText } from '../core/text/errors';
/** Turns IndexedDB failures into messages a user can act on. */
export class StorageError extends Error {
  constructor(
    readonly code: 'quota-exceeded' | 'io',
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/** Browsers name a full disk differently (and old ones give only the legacy code 22). */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22;
}

/**
 * The message for a failed save of `what`. `kept` says what was and was not saved, when the caller
 * knows better than "what was saved before is intact" (a thread: how many messages are stored).
 */
export function toStorageError(error: unknown, what: string, kept?: string): StorageError {
  if (isQuotaError(error)) {
    return new StorageError(
      'quota-exceeded',
      `Browser storage is full: could not save ${what}. ${kept ?? 'What was saved before is intact'}; free space (delete old threads or files) and try again.`,
    );
  }
  const detail = errorText(error);
  return new StorageError('io', `Could not save ${what}: ${detail}${kept ? ` (${kept})` : ''}`);
}
