// Strings that look like keys or tokens, found by their published prefixes (OpenAI, Anthropic,
// GitHub, Slack, AWS, Google, GitLab, Hugging Face), PEM private keys and JWTs. Sessions hold
// secrets: the import report lists where each is (never the whole string), and a bundle export
// replaces them with a marker unless the person says otherwise (core/bundle/export.ts).

interface Pattern {
  kind: string;
  source: string;
}

// Most specific first: the alternation takes the first that matches at a position.
const PATTERNS: Pattern[] = [
  { kind: 'Anthropic API key', source: 'sk-ant-[A-Za-z0-9_-]{20,}' },
  { kind: 'OpenAI project key', source: 'sk-proj-[A-Za-z0-9_-]{20,}' },
  { kind: 'OpenAI-style API key', source: 'sk-[A-Za-z0-9_-]{20,}' },
  { kind: 'GitHub token', source: 'gh[po]_[A-Za-z0-9]{30,}' },
  { kind: 'GitHub token', source: 'github_pat_[A-Za-z0-9_]{22,}' },
  { kind: 'Slack token', source: 'xox[bp]-[A-Za-z0-9-]{10,}' },
  { kind: 'AWS access key id', source: 'AKIA[0-9A-Z]{16}' },
  { kind: 'Google API key', source: 'AIza[0-9A-Za-z_-]{35}' },
  { kind: 'GitLab token', source: 'glpat-[A-Za-z0-9_-]{20,}' },
  { kind: 'Hugging Face token', source: 'hf_[A-Za-z0-9]{30,}' },
  {
    kind: 'private key',
    source: '-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]{0,20000}?-----END [A-Z ]*PRIVATE KEY-----',
  },
  { kind: 'JWT', source: 'eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}' },
];

// A key starts where no key character precedes it ("task-…" is no "sk-" key).
const SECRET = new RegExp(
  `(?<![A-Za-z0-9_-])(?:${PATTERNS.map((p) => `(${p.source})`).join('|')})`,
  'g',
);

export interface SecretSpan {
  kind: string;
  start: number;
  end: number;
}

/** Where `text` holds strings that look like secrets. */
export function findSecrets(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  SECRET.lastIndex = 0;
  for (let m = SECRET.exec(text); m; m = SECRET.exec(text)) {
    const group = m.slice(1).findIndex((g) => g !== undefined);
    spans.push({ kind: PATTERNS[group]!.kind, start: m.index, end: m.index + m[0].length });
  }
  return spans;
}

/** Its first characters and its length, never the whole: "sk-ant-a… (108 characters)". */
export function secretPreview(secret: string): string {
  const shown = secret.startsWith('-----BEGIN') ? secret.slice(0, 11) : secret.slice(0, 8);
  return `${shown}… (${secret.length.toLocaleString('en-US')} characters)`;
}

/** The marker a secret is replaced with when a text leaves the browser. */
export function secretMarker(kind: string): string {
  return `[${kind} removed]`;
}

/** `text` with every secret replaced by its marker (the same text when it holds none). */
export function redactSecrets(text: string): string {
  const spans = findSecrets(text);
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start) + secretMarker(span.kind);
    at = span.end;
  }
  return out + text.slice(at);
}
