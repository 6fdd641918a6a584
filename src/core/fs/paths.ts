// Path rules of the virtual filesystem: absolute POSIX paths, no way out of the root. The agent's
// tools also take relative paths, rooted at "/" (resolveAgentPath).
import { findUntrustedCharacter, quoteName } from './names';
import { FsError, MAX_PATH_LENGTH } from './types';

function invalid(path: string, reason: string): FsError {
  return new FsError('invalid-path', `Invalid path ${quoteName(path)}: ${reason}`, path);
}

export interface NameOptions {
  /**
   * The path names a file that may already exist (read, delete, history): invisible and format
   * characters are not refused, so a file stored before names.ts existed can still be opened and
   * removed. Every path that creates a name leaves this unset.
   */
  existing?: boolean;
}

/**
 * Validates a path and returns its canonical form: starts with "/", no duplicate slashes, no "."
 * segments, no trailing slash (except the root "/"). Throws FsError('invalid-path') otherwise.
 */
export function normalisePath(path: unknown, options: NameOptions = {}): string {
  // The same few paths come back all the time (memory.json before every model call): a path found
  // valid is remembered with its canonical form (the rules are pure; bounded, see remember).
  const known = options.existing ? knownExisting : knownNew;
  if (typeof path === 'string') {
    const hit = known.get(path);
    if (hit !== undefined) return hit;
  }
  return remember(known, path as string, checkedPath(path, options));
}

/** Valid paths and their canonical forms, for existing files and for new names (NameOptions). */
const knownExisting = new Map<string, string>();
const knownNew = new Map<string, string>();
const KNOWN_PATHS = 512;

function remember(known: Map<string, string>, path: string, canonical: string): string {
  if (known.size >= KNOWN_PATHS) known.clear();
  known.set(path, canonical);
  return canonical;
}

function checkedPath(path: unknown, options: NameOptions): string {
  if (typeof path !== 'string') {
    throw new FsError(
      'invalid-path',
      `Invalid path: expected a string, got ${path === null ? 'null' : typeof path}.`,
    );
  }
  if (path.length === 0 || path.trim().length === 0) {
    throw new FsError(
      'invalid-path',
      'Invalid path: the path is empty. Use an absolute path such as /notes.md.',
      path,
    );
  }
  if (path.length > MAX_PATH_LENGTH) {
    throw invalid(path, `it is ${path.length} characters long; the limit is ${MAX_PATH_LENGTH}.`);
  }
  if (path.includes('\0')) throw invalid(path, 'it contains a NUL character.');
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u001f\u007f]/.test(path)) throw invalid(path, 'it contains a control character.');
  const untrusted = options.existing ? undefined : findUntrustedCharacter(path);
  if (untrusted)
    throw invalid(
      path,
      `it contains ${untrusted}, a character that is invisible or changes how the name is shown, so the name could pass for another file's.`,
    );
  if (path.includes('\\'))
    throw invalid(path, "backslashes are not allowed; use '/' as the separator.");
  if (path.includes('~'))
    throw invalid(path, "'~' is not allowed; home-directory shortcuts do not exist here.");
  if (!path.startsWith('/')) {
    throw invalid(path, "the path must be absolute (start with '/'), for example /notes.md.");
  }
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') throw invalid(path, "'..' segments are not allowed.");
    segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * A path as the agent's file tools take it: an absolute path as normalisePath reads it, or a
 * relative one ("notes/todo.md", "./notes/todo.md") rooted at "/", as Deep Agents (JS and Python)
 * read them, so a model that leaves the "/" out still reaches the file. `relative` holds the path
 * as given when it was relative (the tool's result then says where it was read from). '..' is
 * refused either way: nothing lies above the root.
 */
export function resolveAgentPath(
  path: unknown,
  options: NameOptions = {},
): { path: string; relative?: string } {
  if (typeof path !== 'string' || path.startsWith('/') || path.trim() === '') {
    return { path: normalisePath(path, options) };
  }
  try {
    return { path: normalisePath(`/${path}`, options), relative: path };
  } catch (error) {
    // The error names the path as the model wrote it, not the "/"-rooted form.
    if (error instanceof FsError) {
      throw new FsError('invalid-path', error.message.replace(`'/${path}`, `'${path}`), path);
    }
    throw error;
  }
}

/** Like normalisePath, but the root "/" is rejected: a file needs a name. */
export function normaliseFilePath(path: unknown, options: NameOptions = {}): string {
  const normalised = normalisePath(path, options);
  if (normalised === '/') {
    throw new FsError(
      'invalid-path',
      "Invalid path '/': it is the root directory, not a file.",
      normalised,
    );
  }
  return normalised;
}

/** Directory form with a trailing slash, for prefix tests: "/a" -> "/a/", "/" -> "/". */
export function dirPrefix(dir: string): string {
  return dir.endsWith('/') ? dir : `${dir}/`;
}

/** Parent directory of a normalised path: "/a/b.md" -> "/a", "/b.md" -> "/", "/" -> "/". */
export function dirname(path: string): string {
  const index = path.lastIndexOf('/');
  return index <= 0 ? '/' : path.slice(0, index);
}

/** Last segment of a normalised path: "/a/b.md" -> "b.md", "/" -> "". */
export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Joins path pieces and normalises the result (so it is validated too). */
export function joinPath(...parts: string[]): string {
  return normalisePath(`/${parts.join('/')}`);
}

/** Whether a normalised path lies strictly inside a normalised directory ("/" contains everything else). */
export function isUnder(path: string, dir: string): boolean {
  return path !== dir && path.startsWith(dirPrefix(dir));
}

/** Whether a normalised path is the directory itself or lies inside it. */
export function isUnderOrEqual(path: string, dir: string): boolean {
  return path === dir || isUnder(path, dir);
}
