// Errors of the memory bundle. Every refusal says what is wrong and where (entry, line), so the UI
// can show it as is; `code` lets tests and callers tell the kinds apart.
import { quoteName as quoteUntrusted } from '../fs/names';

export type BundleErrorCode =
  | 'not-zip' // the file is not a ZIP archive at all
  | 'corrupt' // truncated, damaged, or internally inconsistent archive
  | 'unsupported' // encryption, ZIP64, multi-disk, unknown compression
  | 'too-large' // an entry, the total, or the entry count is over a limit
  | 'zip-bomb' // a compression ratio (declared or actual) that marks a decompression bomb
  | 'bad-path' // an entry name that escapes, collides, or is not part of the layout
  | 'manifest' // manifest.json missing or invalid
  | 'version' // a format version this app cannot read
  | 'invalid-json' // a JSON or JSONL entry that does not parse (file and line given)
  | 'invalid-data' // parses, but does not match the schema (file and line given)
  | 'settings' // settings values out of range
  | 'changed' // the data changed between the preview and apply
  | 'needs-choice' // a memory file differs and the preview's choice for it was not made
  | 'apply-failed' // writing failed (e.g. quota); everything was rolled back
  | 'rollback-failed' // writing failed and some of the rollback failed too
  | 'export-failed'; // the data cannot be exported as a bundle that imports again

export class BundleError extends Error {
  constructor(
    readonly code: BundleErrorCode,
    message: string,
    /** The bundle entry concerned, e.g. "threads/thread_1.jsonl". */
    readonly entry?: string,
    /** 1-based line within the entry, for JSONL/CSV/JSON problems. */
    readonly line?: number,
  ) {
    super(message);
    this.name = 'BundleError';
  }
}

/** Quotes a (possibly hostile) entry or file name for a message (fs/names.ts), up to 120 characters. */
export function quoteName(name: string): string {
  return quoteUntrusted(name, 120);
}

export { formatBytes } from '../text/bytes';
