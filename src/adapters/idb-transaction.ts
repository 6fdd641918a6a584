// One readwrite transaction's outcome as a promise, for the stores that check and write in the
// same transaction (IdbFileStore.write/delete, the bundle's writeMany).
import { isQuotaError } from './storage-errors';

/** Wraps a request's success handler: the first one that throws aborts the whole transaction. */
export type Step = (handler: () => void) => () => void;

/**
 * Resolves when `store`'s transaction completes and rejects when it aborts, with what a step threw
 * or else the browser's error (a quota error first: browsers put it on the request or on the
 * transaction). `start` issues the requests and wraps their handlers with `step`; once a step has
 * thrown, later steps do nothing, so nothing is written.
 */
export function settleTransaction(
  store: IDBObjectStore,
  start: (step: Step) => void,
): Promise<void> {
  const transaction = store.transaction;
  return new Promise<void>((resolve, reject) => {
    let failed = false;
    let failure: unknown;
    let requestError: unknown;
    transaction.oncomplete = () => resolve();
    transaction.onerror = (event) => {
      requestError ??= (event.target as IDBRequest | null)?.error;
    };
    transaction.onabort = () => {
      if (failed) return reject(failure);
      const candidates = [transaction.error, requestError].filter((e) => e != null);
      reject(
        candidates.find(isQuotaError) ?? candidates[0] ?? new Error('The transaction was aborted.'),
      );
    };
    start((handler) => () => {
      if (failed) return;
      try {
        handler();
      } catch (error) {
        failed = true;
        failure = error;
        try {
          transaction.abort();
        } catch {
          // Already finishing: onabort reports it.
        }
      }
    });
  });
}
