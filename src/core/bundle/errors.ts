// Errors of the memory bundle. Every refusal says what is wrong and where (entry, line), so the UI
// can show it as is; `code` lets tests and callers tell the kinds apart.
import { findUntrustedCharacter } from '../fs/names';

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

/** Quotes a (possibly hostile) name for a message: control characters escaped, length capped. */
export function quoteName(name: string): string {
  const shown = name.length > 120 ? `${name.slice(0, 120)}…` : name;
  return `'${shown
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    // Invisible and bidi characters escaped too: an override cannot turn the message around.
    .replace(/[^\x20-\x7e]/gu, (c) =>
      findUntrustedCharacter(c) === undefined
        ? c
        : `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`,
    )}'`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
