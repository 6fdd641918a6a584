// Codes a person reads out or types in: phone numbers, codes and SKUs joined by dashes ("7719-QX",
// "55-XL-9", "B-204", "100-4827731"), a package at a version ("react@19.1.0"), and a product or an
// acronym with its number ("Postgres 16", "Node 20.11", "iOS 17.2", "HTTP 503", "LH 1234").

import { CURRENCY_PREFIXES } from '../units';
import { execAll, push } from './text';
import { P, type Candidate } from './types';

// ---- phone numbers (they span spaces: found in the whole text) ---------------------------------

// "+1 415 555 0199", "+44 (0)20 7946 0958", "+4791234567"; "(617) 555-0143", "617-555-0143";
// "020 7946 0958". Every pattern starts with a mark or a digit after a lookbehind, and its groups
// are separated by a required mark, so a run of digits is split one way only.
const INTERNATIONAL_RE =
  /(?<![\w+])\+\d{1,3}(?:(?:[ .-]?\(\d{1,4}\)|[ .-]\d{1,5}){1,6}|\d{7,12})(?![\w-]|[.,]\d)/g;
const US_RE = /(?<![\w(-])(?:\(\d{3}\)[ .-]?|\d{3}[.-])\d{3}[ .-]\d{4}(?![\w-]|[.,]\d)/g;
const NATIONAL_RE = /(?<![\w.+-])0\d{1,4}(?:[ -]\d{2,4}){2,3}(?![\w-]|[.,]\d)/g;

export function scanPhones(t: string, out: Candidate[]): void {
  for (const re of [INTERNATIONAL_RE, US_RE, NATIONAL_RE]) {
    for (const m of execAll(re, t)) {
      const digits = m[0].replace(/\D/g, '');
      if (digits.length < (re === INTERNATIONAL_RE ? 8 : 10) || digits.length > 15) continue;
      const normalized = `${m[0].startsWith('+') ? '+' : ''}${digits}`;
      push(out, m.index, m.index + m[0].length, 'identifier', 'phone', normalized, P.phone);
    }
  }
}

// ---- codes joined by dashes (token-bound) ---------------------------------------------------

const DASH_CODE_RE =
  /(?<![A-Za-z0-9_-])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+(?![A-Za-z0-9_]|-[A-Za-z0-9])/g;

/**
 * True for a code: a digit somewhere, and either letters written as a code (capitals only, or
 * mixed with digits in one group: "7719-QX", "55-XL-9", "B-204", "gpt-4o", "sk-live-88af") or
 * only digits in long groups ("100-4827731"). A word after the digits is a compound ("3-day",
 * "ES2022-compatible", "utf-8" and "covid-19" are not codes either).
 */
function isDashCode(code: string): boolean {
  const groups = code.split('-');
  if (code.length < 4 || !/\d/.test(code)) return false;
  const letters = groups.filter((g) => /[A-Za-z]/.test(g));
  if (letters.length === 0) return code.replace(/\D/g, '').length >= 7 && groups.length <= 4;
  if (/^[a-z]{3,}$/.test(groups[groups.length - 1]!)) return false;
  const mixed = groups.some((g) => /\d/.test(g) && /[A-Za-z]/.test(g));
  return mixed || letters.every((g) => /^[A-Z]+$/.test(g));
}

/** A whole match as an identifier, lowercased. */
function pushCode(out: Candidate[], m: RegExpExecArray, subtype: string, priority: number): void {
  push(out, m.index, m.index + m[0].length, 'identifier', subtype, m[0].toLowerCase(), priority);
}

export function scanDashCodes(t: string, out: Candidate[]): void {
  for (const m of execAll(DASH_CODE_RE, t))
    if (isDashCode(m[0])) pushCode(out, m, 'dashed', P.identifier);
}

// ---- a package at a version (token-bound) ---------------------------------------------------

const PACKAGE_RE =
  /(?<![\w.@/-])(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*@[~^]?v?\d+(?:\.\d+)*(?:-[0-9A-Za-z.]+)?(?![\w@/])/gi;

export function scanPackages(t: string, out: Candidate[]): void {
  for (const m of execAll(PACKAGE_RE, t)) pushCode(out, m, 'package', P.package);
}

// ---- a product or an acronym with its number (spans a space: the whole text) ------------------

/** Products whose version is often a plain integer ("Postgres 16", "Java 21"). */
const PRODUCTS = new Set(
  (
    'postgres postgresql mysql mariadb sqlite redis mongodb cassandra elasticsearch kafka ' +
    'node nodejs deno bun python java jdk kotlin scala go golang rust ruby rails php perl swift ' +
    'dart flutter typescript javascript ecmascript es lua julia haskell elixir erlang dotnet ' +
    'react vue angular svelte next nuxt django flask spring laravel express vite webpack ' +
    'ubuntu debian fedora centos rhel alpine arch windows macos ios ipados android linux ' +
    'chrome chromium firefox safari edge electron docker kubernetes terraform ansible nginx ' +
    'apache tomcat gradle maven xcode cuda openssl openssh git bash zsh excel word office ' +
    'gpt claude llama gemini mistral qwen iphone ipad pixel galaxy playstation xbox'
  ).split(' '),
);
/** Words that number a part of something ("Step 2", "Room 204"), not a product's version. */
const COUNTED = new Set(
  (
    'version release step chapter page section figure table level grade room gate platform seat ' +
    'line lines row column item issue part phase stage round week day year no number vol ' +
    'volume episode season sprint iteration milestone option rule appendix test case note ' +
    'floor building unit apartment suite terminal bus route exit lane track verse act scene ' +
    'question problem exercise lesson module day'
  ).split(' '),
);
const CURRENCY_CODES = new Set(
  CURRENCY_PREFIXES.map(([sign]) => sign).filter((s) => /^[A-Z]+$/.test(s)),
);

// Found from the number (a product's word is looked at only where a number follows a space), so
// that prose without numbers costs nothing here.
const PRODUCT_RE =
  /(?<=(?<![\w.@/#$-])([A-Za-z][A-Za-z0-9+#]{0,24}(?:\.js)?)[ \t])[vV]?(\d+(?:\.\d+){0,3})(?![\w%°$€£-]|[.,]\d)/g;

export function scanProducts(
  t: string,
  out: Candidate[],
  isCommonWord: (w: string) => boolean,
): void {
  for (const m of execAll(PRODUCT_RE, t)) {
    const word = m[1]!;
    const version = m[2]!;
    const lower = word.toLowerCase();
    const dotted = version.includes('.');
    const acronym = /^[A-Z]{2,5}$/.test(word);
    const ok =
      (PRODUCTS.has(lower) && /[A-Z]/.test(word)) ||
      // "HTTP 503", "RFC 9110", "LH 1234" (a flight); not "USD 40" (an amount).
      (acronym && !dotted && version.length >= 2 && !CURRENCY_CODES.has(word)) ||
      // "iOS 17.2", "OpenSSL 3.0", "Blender 4.1": a name with a dotted version.
      (dotted && /[A-Z]/.test(word) && !COUNTED.has(lower) && !isCommonWord(word));
    if (!ok || COUNTED.has(lower)) continue;
    const start = m.index - 1 - word.length;
    push(
      out,
      start,
      m.index + m[0].length,
      'identifier',
      'version',
      `${lower} ${version}`,
      P.identifier,
    );
  }
}
