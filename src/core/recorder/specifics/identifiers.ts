// ---- identifiers ----------------------------------------------------------------------------

import { scanDashCodes, scanPackages } from './codes';
import {
  F_AT,
  F_CALL,
  F_DASH,
  F_DIGIT,
  F_DOT,
  F_HASH,
  F_INNER_CAPITAL,
  F_LETTER,
  F_UNDERSCORE,
} from './flags';
import { hasExtension } from './paths';
import { execAll, push } from './text';
import { isToolWord } from './tool-words';
import { P, type Candidate } from './types';

/** True when [start, end) fills a pair of quotes followed by a colon: a JSON or dict key. */
const isJsonKey = (t: string, start: number, end: number): boolean =>
  (t[start - 1] === '"' || t[start - 1] === "'") &&
  t[end] === t[start - 1] &&
  /^[ \t]*:/.test(t.slice(end + 1, end + 4));

const VERSION_RE =
  /(?<![A-Za-z0-9_.])(?:[vV]?\d+(?:\.\d+){2,}(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?(?:\+[0-9A-Za-z.-]+)?|[vV]\d+(?:\.\d+)?)(?![A-Za-z0-9_]|\.\d)/g;
const UUID_RE =
  /(?<![A-Za-z0-9_-])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![A-Za-z0-9_-])/g;
const HASH_RE = /(?<![A-Za-z0-9_])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,64}(?![A-Za-z0-9_])/g;
const HEX_RE = /(?<![A-Za-z0-9_])0[xX][0-9a-fA-F]+(?![A-Za-z0-9_])/g;
const HASHREF_RE =
  /(?<![A-Za-z0-9_&#])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3}|\d{2,})(?![A-Za-z0-9_])/g;
const TICKET_RE = /(?<![A-Za-z0-9_-])[A-Z][A-Z0-9]{1,9}-\d{1,7}(?![A-Za-z0-9_]|-\d)/g;
const FLAG_RE = /(?<![A-Za-z0-9_-])--[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*/g;
const DOTTED_RE = /(?<![A-Za-z0-9_$@./-])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\(\))?/g;
const CALL_RE = /(?<![A-Za-z0-9_$.])[A-Za-z_$][\w$]*\(\)/g;
const DUNDER_RE = /(?<![A-Za-z0-9_])__[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*__(?![A-Za-z0-9_])/g;
const SNAKE_RE = /(?<![A-Za-z0-9_$])_?[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![A-Za-z0-9_$])/g;
const CAMEL_RE = /(?<![A-Za-z0-9_$])[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*(?![A-Za-z0-9_$])/g;
const PASCAL_RE =
  /(?<![A-Za-z0-9_$])(?:[A-Z][a-z0-9]+[A-Z]|[A-Z]{2,}[a-z]+[A-Z])[A-Za-z0-9]*(?![A-Za-z0-9_$])/g;
const MIXED_RE =
  /(?<![A-Za-z0-9_$-])(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{3,}(?![A-Za-z0-9_$])/g;

export function scanIdentifiers(t: string, flags: number, out: Candidate[]): void {
  const has = (f: number) => (flags & f) === f;
  const id = (
    m: RegExpExecArray,
    subtype: string,
    normalized: string,
    priority: number = P.identifier,
  ) => {
    const end = m.index + m[0].length;
    // A tool's or an argument's name, and a JSON key ("file_path": …), are structure.
    if (isToolWord(normalized) || isJsonKey(t, m.index, end)) return;
    push(out, m.index, end, 'identifier', subtype, normalized, priority);
  };
  if (has(F_DIGIT)) {
    if (flags & (F_DOT | F_LETTER)) {
      for (const m of execAll(VERSION_RE, t)) {
        // "v1.2.3" is "1.2.3"; "v2" stays "v2".
        const parts = m[0].replace(/^[vV]/, '').split('.');
        const bare = parts.length >= 3 ? m[0].replace(/^[vV]/, '') : m[0];
        const ip =
          m[0] === bare &&
          parts.length === 4 &&
          parts.every((p) => /^\d+$/.test(p) && Number(p) <= 255);
        id(m, ip ? 'ip' : 'version', bare.toLowerCase());
      }
    }
    if (has(F_DASH)) {
      for (const m of execAll(UUID_RE, t)) id(m, 'uuid', m[0].toLowerCase(), P.uuid);
      for (const m of execAll(TICKET_RE, t)) id(m, 'ticket', m[0].toLowerCase());
      scanDashCodes(t, out);
    }
    if (has(F_AT)) scanPackages(t, out);
    if (has(F_LETTER)) {
      for (const m of execAll(HASH_RE, t)) id(m, 'hash', m[0]);
      for (const m of execAll(HEX_RE, t)) id(m, 'hex', m[0].toLowerCase());
      for (const m of execAll(MIXED_RE, t)) {
        if (/^\d+(?:st|nd|rd|th|s)$/i.test(m[0])) continue; // 21st, 1990s
        id(m, 'mixed', m[0].toLowerCase(), P.mixed);
      }
    }
  }
  if (has(F_HASH)) {
    for (const m of execAll(HASHREF_RE, t)) {
      if (/^#\d+$/.test(m[0])) id(m, 'ref', m[0]);
      else if (/\d/.test(m[0]) || m[0].length >= 7) id(m, 'color', m[0].toLowerCase());
    }
  }
  if (has(F_DASH)) for (const m of execAll(FLAG_RE, t)) id(m, 'flag', m[0].toLowerCase());
  if (has(F_DOT)) {
    for (const m of execAll(DOTTED_RE, t)) {
      const call = m[0].endsWith('()');
      const body = call ? m[0].slice(0, -2) : m[0];
      const segments = body.split('.');
      if (!call && segments.every((seg) => seg.length <= 2)) continue; // e.g, i.e, U.S, Ph.D
      // "done.Then": a missing space after a full stop, not a name.
      if (
        !call &&
        segments.length === 2 &&
        /^[a-z]{2,}$/.test(segments[0]!) &&
        /^[A-Z][a-z]+$/.test(segments[1]!)
      )
        continue;
      if (!call && hasExtension(body)) continue;
      id(m, 'dotted', body.toLowerCase());
    }
  }
  if (has(F_CALL))
    for (const m of execAll(CALL_RE, t)) id(m, 'call', m[0].slice(0, -2).toLowerCase());
  if (has(F_UNDERSCORE)) {
    for (const m of execAll(DUNDER_RE, t)) id(m, 'snake', m[0].toLowerCase());
    for (const m of execAll(SNAKE_RE, t)) id(m, 'snake', m[0].toLowerCase());
  }
  if (has(F_INNER_CAPITAL)) {
    for (const m of execAll(CAMEL_RE, t)) id(m, 'camel', m[0].toLowerCase(), P.camel);
    for (const m of execAll(PASCAL_RE, t)) id(m, 'pascal', m[0].toLowerCase(), P.camel);
  }
}
