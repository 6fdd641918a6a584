// Specifics: the concrete details a person would miss when they leave the model's context.
//
// extractSpecifics(text, origin) finds, deterministically and without a model:
//   number      numbers with a unit, currency, percent, multiplier or count ("12 MB", "$1,299.00",
//               "45%", "3-5 days", "3x", "2 kids", "3公斤", "5个"), and bare numbers that carry
//               information on their own (three or more digits, a decimal part, or thousands
//               separators: "4307", "1.5", "12,000"). Small bare integers ("3", "42") are noise.
//   date        absolute dates and clock times ("2024-03-05", "March 3rd, 2024", "8 May, 2023",
//               "3/4/2024", "14:30", "5pm", "2024年3月5日", "下午3点", "in 2019", "the 1990s").
//               Relative words ("yesterday", "next week", "on Friday") are not specifics; in
//               "yesterday at 5pm" the specific is "5pm".
//   path        file paths: absolute POSIX ("/memories/AGENTS.md"), home and dot-relative
//               ("~/x", "./x"), Windows ("C:\x", "\\server\share"), relative paths with a known
//               extension or three segments ("src/app.ts", "a/b/c"), bare file names with a known
//               extension ("client.py", "README.md").
//   url         scheme URLs and www. hosts; bare domains on common TLDs ("example.com").
//   email       e-mail addresses.
//   identifier  code-like tokens: dotted names ("time.monotonic()"), calls ("foo()"), camelCase,
//               PascalCase with an inner capital ("GitHub"), snake_case, SCREAMING_CASE, dunders,
//               --flags, versions ("v1.2", "3.12.2"), IPv4, UUIDs, git hashes, hex literals,
//               colors, ticket ids ("ABC-123"), issue refs ("#20"), letter-digit mixes ("H100"),
//               single tokens in backticks; codes (codes.ts): phone numbers, dash codes and SKUs
//               ("7719-QX", "55-XL-9"), packages at a version ("react@19.1.0"), a product or an
//               acronym with its number ("Postgres 16", "HTTP 503", "LH 1234"). Tool and argument
//               names ("read_file", "file_path") and JSON keys are not specifics.
//   quote       quoted strings: "…", '…', `…` with a space, “…”, ‘…’, 「…」, 『…』, 《…》, «…»,
//               and shell commands after a "$ " prompt.
//               JSON/dict keys ("key": …) are not quotes; a quote whose whole content is another
//               specific is reported as that specific; quotes over 200 characters are passages,
//               not specifics.
//   name        two or more capitalised words ("Grace Hopper", "New York City", "Dr. Smith",
//               "Bank of America"); at a sentence start, common leading words ("Hey", "The",
//               "Yesterday") are dropped first; one capitalised word that is not common, mid-
//               sentence or before "said", "'s"… at a sentence start ("Priya", "Lisbon").
//
// Overlaps are resolved by a fixed priority (url > email > uuid > phone > date > package > path >
// domain >
// identifier > number > name > camel/Pascal case > letter-digit mix), then the longer span, then
// the earlier: a URL is not also a path, a date is not also a number, a version is an identifier.
// Quotes are found separately and may contain other specifics.
//
// Full-width ASCII (０-９, Ａ-Ｚ, ！-～) and ideographic spaces are folded to ASCII before matching,
// without changing offsets. Speed: 200,000 characters take about 16 ms of CPU for chat, 20 ms for
// code and tool output, 27 ms for Chinese chat (scripts/specifics-sample.ts). What never spans
// white space (URLs, e-mail, paths, identifiers) is looked for only in the tokens that have the
// characters it needs, CJK dates and times only around their 年/月/点, and every pattern that
// starts with a repeated class has a lookbehind, so that no position inside a run is retried (no
// quadratic or exponential backtracking on long runs of digits, dots, slashes or capitalised
// words; specifics.test.ts has the adversarial inputs). The rules with examples are in RULES.md.

import { scanCjkDates, scanCjkNumbers, scanCjkTimes } from './cjk';
import { scanDates } from './dates';
import { isCommon, scanNames } from './names';
import { scanPhones, scanProducts } from './codes';
import { scanNumbers } from './numbers';
import { scanCommands, scanQuotes } from './quotes';
import { resolve } from './resolve';
import { fold } from './text';
import { scanTimes } from './times';
import { scanTokens } from './tokens';
import {
  MAX_SCAN_CHARS,
  type Candidate,
  type ExtractOptions,
  type SourceRef,
  type Specific,
  type SpecificCollection,
  type TextPart,
} from './types';

export {
  MAX_SCAN_CHARS,
  SPECIFIC_KINDS,
  SPECIFIC_KIND_LABELS,
  type Candidate,
  type ExtractOptions,
  type SourceRef,
  type Specific,
  type SpecificCollection,
  type SpecificKind,
  type SpecificOrigin,
  type TextPart,
} from './types';
export { fold } from './text';
export { resolve } from './resolve';
export { normalizeUrl } from './urls';
export { normalizePath } from './paths';
export { normalizeQuote } from './quotes';

/** Specifics in one text, deduplicated, in order of first occurrence. */
export function extractSpecifics(
  text: string,
  origin: SourceRef = {},
  options: ExtractOptions = {},
): Specific[] {
  return collectSpecifics([{ text, origin }], options).specifics;
}

/**
 * Specifics in several texts (the messages a compaction removed, say), deduplicated across them:
 * each keeps the origin of its first occurrence and counts all of them. Scans at most
 * options.maxChars characters in all and says so (cut) when the input was longer.
 */
export function collectSpecifics(
  parts: readonly TextPart[],
  options: ExtractOptions = {},
): SpecificCollection {
  const maxChars = Math.max(0, options.maxChars ?? MAX_SCAN_CHARS);
  const byKey = new Map<string, Specific>();
  let scanned = 0;
  let total = 0;
  for (const part of parts) {
    total += part.text.length;
    const room = maxChars - scanned;
    if (room <= 0) continue;
    const text = part.text.length > room ? part.text.slice(0, room) : part.text;
    scanned += text.length;
    for (const c of resolve(scan(text))) {
      const key = `${c.kind}\u0000${c.normalized}`;
      const seen = byKey.get(key);
      if (seen) {
        seen.occurrences++;
        continue;
      }
      byKey.set(key, {
        kind: c.kind,
        subtype: c.subtype,
        text: part.text.slice(c.start, c.end),
        normalized: c.normalized,
        origin: { ...part.origin, start: c.start, end: c.end },
        occurrences: 1,
      });
    }
  }
  return {
    specifics: [...byKey.values()],
    scannedChars: scanned,
    totalChars: total,
    cut: scanned < total,
  };
}

/**
 * Every candidate in a text, overlapping ones included. With `minor`, also what is indexed for
 * matching but is no specific by itself (small bare numbers).
 */
export function scan(text: string, keepMinor = false): Candidate[] {
  const t = fold(text);
  const out: Candidate[] = [];
  // What may span white space is found in the whole text; the patterns here start with a digit,
  // a capital, a quote mark or a CJK character, which the regex engine finds quickly.
  scanDates(t, out);
  scanTimes(t, out);
  scanNumbers(t, out, keepMinor);
  scanNames(t, out);
  scanPhones(t, out);
  scanProducts(t, out, isCommon);
  scanQuotes(t, out);
  scanCommands(t, out);
  if (HAS_CJK.test(t)) {
    scanCjkDates(t, out);
    scanCjkTimes(t, out);
    scanCjkNumbers(t, out, keepMinor);
  }
  // What never spans white space (URLs, e-mail, paths, identifiers) is found token by token, and
  // only in tokens that have the characters it needs: most words of prose are skipped outright.
  scanTokens(text, t, out);
  return out;
}

const HAS_CJK = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff]/;
