// Specifics: the kinds, what a specific says, and the candidates the scanners propose.

export type SpecificKind =
  'number' | 'date' | 'path' | 'url' | 'email' | 'identifier' | 'quote' | 'name';

export const SPECIFIC_KINDS: readonly SpecificKind[] = [
  'number',
  'date',
  'path',
  'url',
  'email',
  'identifier',
  'quote',
  'name',
];

/** How each kind is called on screen. */
export const SPECIFIC_KIND_LABELS: Readonly<Record<SpecificKind, string>> = {
  number: 'Number',
  date: 'Date or time',
  path: 'File path',
  url: 'URL',
  email: 'E-mail address',
  identifier: 'Identifier',
  quote: 'Quoted text',
  name: 'Name',
};

/** Where a text came from, as the caller names it (all optional). */
export interface SourceRef {
  /** A message id, a tool call id… */
  id?: string;
  /** 'user', 'assistant', 'tool', 'system'… */
  role?: string;
  /** A section of the request ("Messages", "Memory", "Summary") or any other label. */
  label?: string;
}

/** Where a specific was first seen: the source and its UTF-16 offsets in that source's text. */
export interface SpecificOrigin extends SourceRef {
  start: number;
  end: number;
}

export interface Specific {
  kind: SpecificKind;
  /**
   * A finer class: number: unit | currency | percent | range | count | bare; date: date |
   * datetime | month-day | month | year | decade | time; path: posix | windows | relative | file;
   * url: url | domain; email: email; identifier: version | ip | uuid | hash | hex | color | ref |
   * ticket | flag | dotted | call | snake | camel | pascal | mixed | code; quote: quote; name: name.
   */
  subtype: string;
  /** As first written in the source. */
  text: string;
  /**
   * The form used for matching (see RULES.md): "1299 usd", "2024-03-05", "17:00",
   * "src/app.ts", "example.com/docs", "grace hopper", "pytest -q". Two specifics of the same kind
   * with the same normalized form are one specific.
   */
  normalized: string;
  origin: SpecificOrigin;
  /** How many times it occurs in the scanned text(s). */
  occurrences: number;
}

/** A text to scan and where it came from. */
export interface TextPart {
  text: string;
  origin?: SourceRef;
}

export interface ExtractOptions {
  /** At most this many characters are scanned (all parts together). Default MAX_SCAN_CHARS. */
  maxChars?: number;
}

export interface SpecificCollection {
  specifics: Specific[];
  /** Characters scanned and characters given: scannedChars < totalChars when input was cut. */
  scannedChars: number;
  totalChars: number;
  cut: boolean;
}

/** The default scan bound: about 1 second of work on a slow machine. */
export const MAX_SCAN_CHARS = 2_000_000;

/** A possible specific at [start, end) of the scanned text (internal; also used for matching). */
export interface Candidate {
  start: number;
  end: number;
  kind: SpecificKind;
  subtype: string;
  normalized: string;
  priority: number;
  /** True for what is indexed for matching but is not a specific by itself ("3", "一天"). */
  minor?: boolean;
}

export const P = {
  url: 10,
  email: 11,
  phone: 15,
  uuid: 12,
  date: 20,
  time: 21,
  package: 25,
  path: 30,
  domain: 35,
  identifier: 40,
  number: 50,
  name: 58,
  camel: 60,
  mixed: 70,
  quote: 90,
} as const;
