// A strict JSON scanner that knows where every value is: the line and column of a syntax error,
// and of the value a schema refused (memory.json, a bundle's settings and thread lines). JSON.parse
// gives no reliable position across engines, hence this.
import { MAX_JSON_DEPTH } from '../limits';

/** facts[3].confidence, user.workContext.summary, ["odd key"]. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

/** Offset of the value at path, or of its nearest ancestor that exists in the text. */
export function locateValue(
  locations: Map<string, number>,
  path: readonly (string | number)[],
): number {
  for (let length = path.length; length >= 0; length--) {
    const at = locations.get(formatPath(path.slice(0, length)));
    if (at !== undefined) return at;
  }
  return 0;
}

/** The 1-based line and column of `offset` in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

export type ScanResult =
  { ok: true; locations: Map<string, number> } | { ok: false; offset: number; message: string };

/**
 * A strict JSON syntax checker (RFC 8259) that records where each value starts, keyed by its
 * formatted path. JSON.parse gives no reliable position across engines, hence this.
 */
export function scanJson(text: string): ScanResult {
  const locations = new Map<string, number>();
  let at = 0;

  class SyntaxProblem extends Error {
    constructor(
      readonly offset: number,
      message: string,
    ) {
      super(message);
    }
  }
  const problem = (message: string, offset = at) => new SyntaxProblem(offset, message);
  const describe = (offset: number) =>
    offset >= text.length ? 'the end of the file' : `'${text[offset]}'`;

  const skipSpace = () => {
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c === 32 || c === 9 || c === 10 || c === 13) at++;
      else break;
    }
  };

  const value = (path: (string | number)[]): void => {
    skipSpace();
    if (path.length >= MAX_JSON_DEPTH && (text[at] === '{' || text[at] === '['))
      throw problem(
        `arrays and objects are nested more than ${MAX_JSON_DEPTH} levels deep; the limit is ${MAX_JSON_DEPTH}`,
      );
    locations.set(formatPath(path), at);
    const c = text[at];
    if (c === '{') return object(path);
    if (c === '[') return array(path);
    if (c === '"') {
      string();
      return;
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return;
      }
    }
    if (text.startsWith('NaN', at) || text.startsWith('Infinity', at))
      throw problem('NaN and Infinity are not allowed in JSON');
    throw problem(`expected a value but found ${describe(at)}`);
  };

  /**
   * An object's or an array's members, from its opening bracket to its closing one: `member` reads
   * one (its index given), and a comma or the close must follow each.
   */
  const members = (close: '}' | ']', after: string, member: (index: number) => void): void => {
    at++; // { or [
    skipSpace();
    if (text[at] === close) {
      at++;
      return;
    }
    for (let index = 0; ; index++) {
      skipSpace();
      if (text[at] === close) throw problem(`trailing comma before ${close}`);
      member(index);
      skipSpace();
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text[at] === close) {
        at++;
        return;
      }
      throw problem(`expected ',' or '${close}' after ${after} but found ${describe(at)}`);
    }
  };

  const object = (path: (string | number)[]): void =>
    members('}', 'a property value', () => {
      if (text[at] !== '"')
        throw problem(`expected a property name in double quotes but found ${describe(at)}`);
      const key = string();
      skipSpace();
      if (text[at] !== ':')
        throw problem(`expected ':' after the property name but found ${describe(at)}`);
      at++;
      value([...path, key]);
    });

  const array = (path: (string | number)[]): void =>
    members(']', 'an array element', (index) => value([...path, index]));

  const string = (): string => {
    const start = at;
    at++; // "
    let out = '';
    let runStart = at;
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c === 34) {
        out += text.slice(runStart, at);
        at++;
        return out;
      }
      if (c === 92) {
        out += text.slice(runStart, at);
        const escape = text[at + 1];
        if (escape === 'u') {
          const hex = text.slice(at + 2, at + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw problem('invalid \\u escape in a string');
          out += String.fromCharCode(parseInt(hex, 16));
          at += 6;
        } else {
          const map: Record<string, string> = {
            '"': '"',
            '\\': '\\',
            '/': '/',
            b: '\b',
            f: '\f',
            n: '\n',
            r: '\r',
            t: '\t',
          };
          const decoded = escape === undefined ? undefined : map[escape];
          if (decoded === undefined) throw problem('invalid escape in a string');
          out += decoded;
          at += 2;
        }
        runStart = at;
        continue;
      }
      if (c < 0x20)
        throw problem(
          c === 10
            ? 'unterminated string (a line break inside a string must be written \\n)'
            : 'control character inside a string',
        );
      at++;
    }
    throw problem('unterminated string', start);
  };

  const number = (): void => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(at, at + 400));
    if (!match) throw problem('invalid number');
    at += match[0].length;
    const next = text[at];
    if (next !== undefined && /[\w.]/.test(next)) throw problem('invalid number');
  };

  try {
    if (text.charCodeAt(0) === 0xfeff) at = 1; // a byte order mark
    value([]);
    skipSpace();
    if (at < text.length)
      throw problem(`unexpected ${describe(at)} after the end of the JSON value`);
    return { ok: true, locations };
  } catch (error) {
    if (error instanceof SyntaxProblem)
      return { ok: false, offset: error.offset, message: error.message };
    throw error;
  }
}

/** The list a JSON text holds, or an empty one when the text is no JSON list (nothing thrown). */
export function parseJsonList(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as unknown[]) : [];
  } catch {
    return [];
  }
}
