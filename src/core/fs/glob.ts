// A small glob matcher: `*`, `**` (whole segments: any number of directories), `?`, `{a,b}`
// (nested), `[abc]`, `[a-z]`, `[!a]`/`[^a]`, and `\` to escape. Wildcards never cross a '/'.
//
// Names that start with a dot, as Deep Agents (Python, wcmatch without DOTMATCH) and a shell
// without `dotglob` treat them: `*`, `?` and `[...]` never match the leading dot of a name, and `**`
// never walks through a name that starts with one. A pattern reaches such a name by writing the dot
// itself: `.env`, `.*.py`, `.github/**/*.yml`.
//
// compileSearchGlob adds the rule the glob tool and grep's `glob` filter share with Deep Agents'
// backends (`compile_grep_include_glob`): a pattern without '/' matches the file's name at any
// depth under the search path; a pattern with '/' matches the path relative to it.
import { BOUNDS } from '../limits';

/** Brace expansions allowed per pattern, so a hostile pattern cannot blow up. */
const MAX_EXPANSIONS = BOUNDS.globExpansions.value;

/** Expands the first top-level `{a,b}` group, recursively. A group without a comma stays literal. */
export function expandBraces(pattern: string): string[] {
  const results: string[] = [];
  const pending = [pattern];
  while (pending.length > 0) {
    const current = pending.pop() as string;
    const group = findBraceGroup(current);
    if (!group) {
      results.push(current);
    } else {
      const head = current.slice(0, group.open);
      const tail = current.slice(group.close + 1);
      for (const option of [...group.options].reverse()) pending.push(head + option + tail);
    }
    if (results.length + pending.length > MAX_EXPANSIONS) {
      throw new Error(`The glob pattern expands to more than ${MAX_EXPANSIONS} alternatives.`);
    }
  }
  return results;
}

function findBraceGroup(
  pattern: string,
): { open: number; close: number; options: string[] } | undefined {
  for (let start = 0; start < pattern.length; start++) {
    const c = pattern[start];
    if (c === '\\') {
      start++;
      continue;
    }
    if (c === '[') {
      const end = classEnd(pattern, start);
      if (end > 0) start = end;
      continue;
    }
    if (c !== '{') continue;
    let depth = 0;
    const commas: number[] = [];
    for (let i = start; i < pattern.length; i++) {
      const ch = pattern[i];
      if (ch === '\\') i++;
      else if (ch === '{') depth++;
      else if (ch === ',' && depth === 1) commas.push(i);
      else if (ch === '}') {
        depth--;
        if (depth === 0) {
          if (commas.length === 0) break; // "{a}" is literal; look for a later group
          const bounds = [start, ...commas, i];
          const options = bounds
            .slice(1)
            .map((end, k) => pattern.slice((bounds[k] as number) + 1, end));
          return { open: start, close: i, options };
        }
      }
    }
  }
  return undefined;
}

/** Index of the ']' closing a character class opened at `open`, or -1 when it is not a class. */
function classEnd(pattern: string, open: number): number {
  let i = open + 1;
  if (pattern[i] === '!' || pattern[i] === '^') i++;
  if (pattern[i] === ']') i++; // a leading ']' is a literal member
  for (; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === ']') return i;
  }
  return -1;
}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g;
function escapeRegex(text: string): string {
  return text.replace(REGEX_SPECIAL, '\\$&');
}

/** A name's leading dot must be written in the pattern (a literal '.' or '\\.'). */
const NO_LEADING_DOT = '(?!\\.)';
/** One whole name that does not start with a dot (what `**` walks through). */
const VISIBLE_NAME = `${NO_LEADING_DOT}[^/]+`;

function segmentToRegex(segment: string): string {
  const explicitDot = segment.startsWith('.') || segment.startsWith('\\.');
  let out = explicitDot ? '' : NO_LEADING_DOT;
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i] as string;
    if (c === '\\') {
      const next = segment[i + 1];
      out += escapeRegex(next ?? '\\');
      i++;
    } else if (c === '*') {
      while (segment[i + 1] === '*') i++;
      out += '[^/]*';
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[') {
      const end = classEnd(segment, i);
      if (end < 0) {
        out += '\\[';
        continue;
      }
      let body = segment.slice(i + 1, end);
      let negate = false;
      if (body.startsWith('!') || body.startsWith('^')) {
        negate = true;
        body = body.slice(1);
      }
      // Keep ranges ("a-z") and escapes; escape what would change a JS class's meaning.
      const inner = body.replace(
        /\\(.)|([\]\\^[])/g,
        (_m, escaped: string | undefined, special: string | undefined) =>
          // "\d" in a glob is a literal d, not a JS digit class.
          escaped !== undefined
            ? /\w/.test(escaped)
              ? escaped
              : `\\${escaped}`
            : `\\${special ?? ''}`,
      );
      out += negate ? `[^/${inner}]` : `(?:(?!/)[${inner}])`;
      i = end;
    } else {
      out += escapeRegex(c);
    }
  }
  return out;
}

function braceFreeToRegex(pattern: string): string {
  // "**/**" means the same as "**"; collapsing them keeps the regex from backtracking heavily.
  const segments = pattern.split('/').filter((s, i, all) => !(s === '**' && all[i - 1] === '**'));
  const last = segments.length - 1;
  let out = '';
  segments.forEach((segment, index) => {
    if (segment === '**') {
      if (index === last) {
        // "a/**" matches every file below a, not a itself; "**" alone matches any path.
        out += `${VISIBLE_NAME}(?:/${VISIBLE_NAME})*`;
      } else {
        out += `(?:${VISIBLE_NAME}/)*`; // zero or more whole directories
      }
      return;
    }
    out += segmentToRegex(segment);
    if (index < last) out += '/';
  });
  return out;
}

/** Compiles a glob to an anchored RegExp over '/'-separated paths. */
export function globToRegExp(pattern: string): RegExp {
  const alternatives = expandBraces(pattern).map(braceFreeToRegex);
  return new RegExp(`^(?:${alternatives.join('|')})$`);
}

/** Whether `path` matches `pattern` (both relative, or both absolute). */
export function matchGlob(pattern: string, path: string): boolean {
  return globToRegExp(pattern).test(path);
}

/**
 * A glob as the glob tool and grep's filter read it, against a path relative to the search path:
 * without '/', the pattern matches the file's name at any depth ("*.py" finds /src/app/main.py);
 * with '/', it matches the relative path ("src/**\/*.py"); a leading '/' anchors it to the search
 * path ("/*.py": only files directly in it), narrowing rather than widening.
 */
export function compileSearchGlob(pattern: string): (relativePath: string) => boolean {
  const anchored = pattern.includes('/');
  const regex = globToRegExp(pattern.replace(/^\/+/, ''));
  if (anchored) return (relativePath) => regex.test(relativePath);
  return (relativePath) => regex.test(relativePath.slice(relativePath.lastIndexOf('/') + 1));
}
