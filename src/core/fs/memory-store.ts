// An in-memory FileStore (tests, the arena, scratch workspaces), plus the version and size rules
// every store shares so the IndexedDB store behaves exactly the same.
import {
  FsError,
  MAX_FILE_BYTES,
  type FileInfo,
  type FileRecord,
  type FileStore,
  type FileVersion,
  type WriteOptions,
} from './types';

/** Versions kept per file, the current one included. */
export const MAX_HISTORY_VERSIONS = 20;
/** Older versions are also dropped once a file's history holds more than this many bytes. */
export const MAX_HISTORY_BYTES = 2 * MAX_FILE_BYTES;

/** How a store keeps one file: its versions (oldest first, the current one last). One value per path. */
export interface StoredFile {
  path: string;
  createdAt: number;
  versions: FileVersion[];
}

/** UTF-8 length without allocating an encoded copy (files may be megabytes). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

export function assertFileSize(path: string, content: string): void {
  if (typeof content !== 'string') {
    throw new FsError('io', `Cannot write '${path}': the content must be text.`, path);
  }
  // Cheap bound first: a UTF-16 code unit is at most 3 UTF-8 bytes.
  if (content.length * 3 <= MAX_FILE_BYTES) return;
  const bytes = utf8ByteLength(content);
  if (bytes > MAX_FILE_BYTES) {
    throw new FsError(
      'too-large',
      `Cannot write '${path}': the content is ${bytes.toLocaleString('en-US')} bytes, over the ` +
        `${MAX_FILE_BYTES / (1024 * 1024)} MB limit for one file. Nothing was written.`,
      path,
    );
  }
}

/** Checks WriteOptions.expectedVersion against what the store holds now. */
export function assertExpectedVersion(
  path: string,
  currentVersion: number | undefined,
  expectedVersion: number | null | undefined,
  action: 'write' | 'delete',
): void {
  if (expectedVersion === undefined) return;
  const verb = action === 'write' ? 'written' : 'deleted';
  const advice = 'Nothing was changed; read the file again and retry.';
  if (expectedVersion === null) {
    if (currentVersion !== undefined) {
      throw new FsError(
        'conflict',
        `Conflict on '${path}': the file was created elsewhere (for example in another tab) and is now at ` +
          `version ${currentVersion}, but this change expected it not to exist yet. ${advice}`,
        path,
      );
    }
    return;
  }
  if (currentVersion === undefined) {
    throw new FsError(
      'conflict',
      `Conflict on '${path}': the file changed elsewhere (for example in another tab): it no longer exists, ` +
        `but this change expected version ${expectedVersion}. ${advice}`,
      path,
    );
  }
  if (currentVersion !== expectedVersion) {
    throw new FsError(
      'conflict',
      `Conflict on '${path}': the file changed elsewhere (for example in another tab): it is now at version ` +
        `${currentVersion}, but this change expected version ${expectedVersion}, so it was not ${verb}. ${advice}`,
      path,
    );
  }
}

export function notFound(path: string): FsError {
  return new FsError('not-found', `File '${path}' not found.`, path);
}

/** The next state of a file after a write (pure: the caller stores it). Throws on conflict or size. */
export function applyWrite(
  previous: StoredFile | undefined,
  path: string,
  content: string,
  options: WriteOptions | undefined,
  now: number,
): StoredFile {
  assertFileSize(path, content);
  const current = previous ? currentVersion(previous) : undefined;
  assertExpectedVersion(path, current?.version, options?.expectedVersion, 'write');
  const versions = [
    ...(previous?.versions ?? []),
    { version: (current?.version ?? 0) + 1, content, modifiedAt: now },
  ];
  return { path, createdAt: previous?.createdAt ?? now, versions: trimHistory(versions) };
}

function trimHistory(versions: FileVersion[]): FileVersion[] {
  let start = Math.max(0, versions.length - MAX_HISTORY_VERSIONS);
  let bytes = 0;
  for (let i = versions.length - 1; i >= start; i--) {
    bytes += (versions[i]?.content.length ?? 0) * 2; // cheap upper bound; exactness is not needed here
    if (bytes > MAX_HISTORY_BYTES && i < versions.length - 1) {
      start = i + 1;
      break;
    }
  }
  return versions.slice(start);
}

export function currentVersion(file: StoredFile): FileVersion {
  const last = file.versions[file.versions.length - 1];
  if (!last)
    throw new FsError('io', `The stored data for '${file.path}' has no versions.`, file.path);
  return last;
}

export function toRecord(file: StoredFile): FileRecord {
  const current = currentVersion(file);
  return {
    path: file.path,
    content: current.content,
    createdAt: file.createdAt,
    modifiedAt: current.modifiedAt,
    version: current.version,
  };
}

export function toInfo(file: StoredFile): FileInfo {
  const { content, ...rest } = toRecord(file);
  return { ...rest, size: utf8ByteLength(content) };
}

export interface StoreOptions {
  /** Clock for timestamps (tests pass a fake one). */
  now?: () => number;
}

export class InMemoryFileStore implements FileStore {
  private readonly files = new Map<string, StoredFile>();
  private readonly now: () => number;

  constructor(options: StoreOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  async read(path: string): Promise<FileRecord | undefined> {
    const file = this.files.get(path);
    return file ? toRecord(file) : undefined;
  }

  async write(path: string, content: string, options?: WriteOptions): Promise<FileRecord> {
    const next = applyWrite(this.files.get(path), path, content, options, this.now());
    this.files.set(path, next);
    return toRecord(next);
  }

  async delete(path: string, options?: WriteOptions): Promise<void> {
    const file = this.files.get(path);
    const version = file ? currentVersion(file).version : undefined;
    assertExpectedVersion(path, version, options?.expectedVersion, 'delete');
    if (!file) {
      if (options?.expectedVersion === null) return; // "must not exist" already holds
      throw notFound(path);
    }
    this.files.delete(path);
  }

  async list(): Promise<FileInfo[]> {
    return [...this.files.values()].map(toInfo).sort((a, b) => compareStrings(a.path, b.path));
  }

  async history(path: string): Promise<FileVersion[]> {
    return (this.files.get(path)?.versions ?? []).map((v) => ({ ...v }));
  }
}

/** Code-unit order, the same in every locale (paths are sorted this way everywhere). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
