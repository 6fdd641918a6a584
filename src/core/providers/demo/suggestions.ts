// Clickable suggestions under a Demo answer. The answer ends with a short list under a fixed heading,
// before the honesty tag: readable as plain Markdown, and recognisable by the chat, which shows
// the items as buttons that send their text. At most three, each one line.

import { DEMO_TAG } from './text';

export const SUGGESTIONS_HEADING = 'You could try:';
export const MAX_SUGGESTIONS = 3;
const MAX_SUGGESTION_CHARS = 80;

/** The suggestions as the Markdown block that ends an answer ('' when there are none). */
export function suggestionBlock(suggestions: readonly string[]): string {
  const items = cleanSuggestions(suggestions);
  if (items.length === 0) return '';
  return [SUGGESTIONS_HEADING, ...items.map((item) => `- ${item}`)].join('\n');
}

function cleanSuggestions(suggestions: readonly string[]): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of suggestions) {
    const item = raw.replace(/\s+/g, ' ').trim();
    if (!item || item.length > MAX_SUGGESTION_CHARS || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    items.push(item);
    if (items.length === MAX_SUGGESTIONS) break;
  }
  return items;
}

export interface SplitAnswer {
  /** The answer without the suggestion block (the honesty tag stays). */
  text: string;
  suggestions: string[];
}

/**
 * Separates the suggestion block from a Demo answer. Only an answer that carries the Demo's tag
 * is read this way, so a real model's text is never turned into buttons.
 */
export function splitSuggestions(content: string): SplitAnswer {
  if (!content.trimEnd().endsWith(DEMO_TAG)) return { text: content, suggestions: [] };
  const body = content.trimEnd().slice(0, -DEMO_TAG.length).trimEnd();
  const at = body.lastIndexOf(`\n${SUGGESTIONS_HEADING}\n`);
  if (at < 0) return { text: content, suggestions: [] };
  const lines = body.slice(at + SUGGESTIONS_HEADING.length + 2).split('\n');
  if (lines.length === 0 || lines.length > MAX_SUGGESTIONS || !lines.every((l) => /^- \S/.test(l)))
    return { text: content, suggestions: [] };
  return {
    text: `${body.slice(0, at).trimEnd()}\n\n${DEMO_TAG}`,
    suggestions: lines.map((line) => line.slice(2).trim()),
  };
}
