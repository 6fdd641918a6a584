// ---- paths ----------------------------------------------------------------------------------

import { F_BACKSLASH, F_COLON, F_DOT, F_SLASH } from './flags';
import { CJK_CHAR, LATIN, execAll, push, trimTrailing } from './text';
import { P, type Candidate } from './types';

const EXTENSIONS =
  'py|pyi|ipynb|ts|tsx|mts|cts|js|jsx|mjs|cjs|json|jsonl|ndjson|md|mdx|markdown|txt|rst|csv|tsv|yaml|yml|toml|ini|cfg|conf|env|lock|log|html|htm|css|scss|sass|less|xml|svg|png|jpg|jpeg|gif|webp|ico|bmp|pdf|doc|docx|xls|xlsx|ppt|pptx|odt|rtf|zip|gz|tgz|tar|bz2|xz|7z|rar|go|rs|java|kt|kts|scala|c|h|cc|cpp|cxx|hpp|hh|cs|fs|rb|php|swift|m|mm|r|jl|lua|pl|sh|bash|zsh|fish|ps1|bat|cmd|sql|db|sqlite|sqlite3|parquet|arrow|feather|pkl|pt|pth|onnx|safetensors|bin|wasm|proto|graphql|gql|vue|svelte|astro|dart|ex|exs|erl|hs|ml|clj|tf|tfvars|gradle|mp3|mp4|wav|flac|ogg|mov|avi|mkv|webm|ttf|otf|woff|woff2|eps|psd|ai|sketch|fig|key|pem|crt|cer|p12|dockerfile|makefile|patch|diff|bak|tmp|dat|npy|npz|h5|hdf5|ckpt|gguf|mdc';
const EXTENSION_SET = new Set(EXTENSIONS.split('|'));
const DOTFILES =
  'env|gitignore|gitattributes|gitmodules|dockerignore|npmrc|nvmrc|bashrc|zshrc|profile|vimrc|editorconfig|prettierrc|eslintrc|babelrc|env\\.local|env\\.example';

// A segment of an absolute or Windows path: no spaces, quotes, brackets or CJK punctuation.
const SEG = '[^\\s/\\\\:*?"\'<>|()\\[\\]{},;`，。；：！？、（）「」『』《》【】“”‘’]+';
const POSIX_RE = new RegExp(`(?<![A-Za-z0-9_/.~@\\\\<-])(?:~|\\.{1,2})?/${SEG}(?:/${SEG})*/?`, 'g');
const RSEG = `[${LATIN}0-9_@.+-]+`;
const RELATIVE_RE = new RegExp(`(?<![${LATIN}0-9_/.~@\\\\:-])${RSEG}(?:/${RSEG})+/?`, 'g');
const WINDOWS_RE = new RegExp(
  `(?<![A-Za-z0-9_])[A-Za-z]:[\\\\/](?:${SEG}(?:[\\\\/]${SEG})*[\\\\/]?)?`,
  'g',
);
const UNC_RE = new RegExp(`(?<![A-Za-z0-9_\\\\])\\\\\\\\[A-Za-z0-9_.-]+(?:\\\\${SEG})+\\\\?`, 'g');
const FILE_RE = new RegExp(
  `(?<![${LATIN}0-9_/.~@\\\\-])[${LATIN}0-9_][${LATIN}0-9_+-]*(?:\\.[${LATIN}0-9_+-]+)*\\.(?:${EXTENSIONS})(?![A-Za-z0-9_/\\\\-]|\\.[A-Za-z0-9])`,
  'gi',
);
const DOTFILE_RE = new RegExp(
  `(?<![A-Za-z0-9_/.~@\\\\-])\\.(?:${DOTFILES})(?![A-Za-z0-9_/.-])`,
  'g',
);

export const hasExtension = (segment: string): boolean => {
  const dot = segment.lastIndexOf('.');
  return dot > 0 && EXTENSION_SET.has(segment.slice(dot + 1).toLowerCase());
};

const DOMAIN_SEGMENT =
  /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|edu|gov|io|ai|dev|uk|de|fr|cn|jp|ru|eu|xyz)$/i;

/** Paths compared: forward slashes, no "./", no doubled or trailing slash; Windows ignores case. */
export function normalizePath(path: string): string {
  let p = path.replace(/\\/g, '/');
  const windows = /^[A-Za-z]:\//.test(p) || p.startsWith('//');
  p = p
    .replace(/(?<!^)\/{2,}/g, '/')
    .replace(/^\.\//, '')
    .replace(/\/+$/, '');
  if (windows) p = p.toLowerCase();
  return p || '/';
}

/**
 * Ends a path where Chinese or Japanese text starts after ASCII in the same segment
 * ("/src/app.ts文件" -> "/src/app.ts"); a segment that starts with CJK ("/笔记/日记.md") is a name.
 */
function trimCjkTail(t: string, start: number, end: number): number {
  let segmentStart = start;
  for (let i = start; i < end; i++) {
    const c = t[i]!;
    if (c === '/' || c === '\\') segmentStart = i + 1;
    else if (i > segmentStart && CJK_CHAR.test(c)) {
      if (!CJK_CHAR.test(t[segmentStart]!)) return i;
      // "メモ.txtです": a known extension followed by CJK ends the name.
      const ext = /\.([A-Za-z0-9]{1,10})$/.exec(t.slice(segmentStart, i));
      if (ext && EXTENSION_SET.has(ext[1]!.toLowerCase())) return i;
    }
  }
  return end;
}

export function scanPaths(t: string, flags: number, out: Candidate[]): void {
  if (flags & F_SLASH) scanSlashPaths(t, out);
  if (flags & (F_SLASH | F_BACKSLASH) && flags & (F_COLON | F_BACKSLASH)) scanWindowsPaths(t, out);
  if (flags & F_DOT) scanFileNames(t, out);
}

function scanSlashPaths(t: string, out: Candidate[]): void {
  for (const m of execAll(POSIX_RE, t)) {
    const start = m.index;
    let end = trimTrailing(t, start, start + m[0].length);
    end = trimTrailing(t, start, trimCjkTail(t, start, end));
    const body = t.slice(start, end);
    const rooted = body.replace(/^(?:~|\.{1,2})/, '');
    const prefixed = rooted.length !== body.length;
    const segments = rooted.split('/').filter(Boolean);
    if (segments.length === 0) continue;
    if (segments.every((s) => /^[\d.]+$/.test(s))) continue;
    const trailing = body.endsWith('/');
    const ok =
      prefixed ||
      segments.length >= 2 ||
      hasExtension(segments[0]!) ||
      (trailing && segments[0]!.length >= 2);
    if (ok) push(out, start, end, 'path', 'posix', normalizePath(body), P.path);
  }
  for (const m of execAll(RELATIVE_RE, t)) {
    const start = m.index;
    const end = trimTrailing(t, start, start + m[0].length);
    const body = t.slice(start, end);
    const segments = body.split('/').filter(Boolean);
    if (segments.length < 2 || segments.every((s) => /^[\d.,]+$/.test(s))) continue;
    if (DOMAIN_SEGMENT.test(segments[0]!)) continue; // "example.com/docs": a URL, not a path
    const last = segments[segments.length - 1]!;
    const ok =
      hasExtension(last) ||
      segments.length >= 3 ||
      body.endsWith('/') ||
      /^[.@]/.test(segments[0]!);
    if (ok) push(out, start, end, 'path', 'relative', normalizePath(body), P.path);
  }
}

function scanWindowsPaths(t: string, out: Candidate[]): void {
  for (const re of [WINDOWS_RE, UNC_RE]) {
    for (const m of execAll(re, t)) {
      const start = m.index;
      let end = trimTrailing(t, start, start + m[0].length);
      end = trimTrailing(t, start, trimCjkTail(t, start, end));
      const body = t.slice(start, end);
      if (body.replace(/^[A-Za-z]:/, '').replace(/[\\/]/g, '').length === 0) continue;
      push(out, start, end, 'path', 'windows', normalizePath(body), P.path);
    }
  }
}

function scanFileNames(t: string, out: Candidate[]): void {
  for (const m of execAll(FILE_RE, t)) {
    const start = m.index;
    const end = start + m[0].length;
    // "Node.js", "Vue.js": a capitalised name with .js is a library, not a file.
    if (/^[A-Z][A-Za-z0-9]*\.js$/.test(m[0]) && !/^[A-Z]+\.js$/.test(m[0])) {
      push(out, start, end, 'identifier', 'dotted', m[0].toLowerCase(), P.identifier);
      continue;
    }
    push(out, start, end, 'path', 'file', normalizePath(m[0]), P.path);
  }
  for (const m of execAll(DOTFILE_RE, t)) {
    push(out, m.index, m.index + m[0].length, 'path', 'file', m[0], P.path);
  }
}
