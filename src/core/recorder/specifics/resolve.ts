// Overlapping candidates resolved into specifics: by priority, then length, then position.

import type { Candidate } from './types';

/**
 * The specifics among the candidates: minor ones dropped, overlaps resolved by priority, then
 * length, then position; quotes kept unless their whole content is one other specific.
 */
export function resolve(candidates: readonly Candidate[]): Candidate[] {
  const length = candidates.reduce((n, c) => Math.max(n, c.end), 0);
  const spans = candidates.filter((c) => !c.minor && c.kind !== 'quote' && !isCodeQuote(c));
  spans.sort(
    (a, b) => a.priority - b.priority || b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  const taken: Candidate[] = [];
  const covered = new Coverage(length);
  for (const c of spans) {
    if (covered.overlaps(c.start, c.end)) continue;
    covered.add(c.start, c.end);
    taken.push(c);
  }
  const spanKey = (start: number, end: number) => start * 4_194_304 + end;
  const exact = new Set(taken.map((c) => spanKey(c.start, c.end)));
  const quotes = candidates.filter((c) => c.kind === 'quote' || isCodeQuote(c));
  quotes.sort((a, b) => a.start - b.start || b.end - a.end);
  const quoteSpans = new Coverage(length);
  for (const q of quotes) {
    if (q.minor || quoteSpans.overlaps(q.start, q.end)) continue;
    // The content without its quote marks: a quote that is just one specific is that specific.
    const inner = innerSpan(q);
    if (exact.has(spanKey(inner.start, inner.end))) continue;
    if (isCodeQuote(q) && covered.overlaps(inner.start, inner.end)) continue;
    quoteSpans.add(q.start, q.end);
    taken.push(q);
  }
  taken.sort((a, b) => a.start - b.start || a.end - b.end);
  return taken;
}

/** A single code token in backticks, reported as an identifier; its span includes the marks. */
const isCodeQuote = (c: Candidate): boolean => c.kind === 'identifier' && c.subtype === 'code';
/** A quote's content without its marks (a command after a prompt has none). */
const innerSpan = (q: Candidate): { start: number; end: number } =>
  q.subtype === 'command' ? { start: q.start, end: q.end } : { start: q.start + 1, end: q.end - 1 };

/** Which offsets of a text are taken (a bitmap: a check costs the span's length). */
class Coverage {
  private readonly taken: Uint8Array;
  constructor(length: number) {
    this.taken = new Uint8Array(length);
  }
  overlaps(start: number, end: number): boolean {
    for (let i = start; i < end; i++) if (this.taken[i]) return true;
    return false;
  }
  add(start: number, end: number): void {
    this.taken.fill(1, start, end);
  }
}
