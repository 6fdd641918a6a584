// Helpers shared by the demo script's parts: the honesty tag, tool-argument parsing and text shaping.

import type { ModelMessage, ToolCall } from '../../agent/types';

/** Carried by every final answer, so a transcript can never pass the script off as a model. */
export const DEMO_TAG = '(Demo provider — scripted, not a language model)';

export function withTag(text: string): string {
  return `${text}\n\n${DEMO_TAG}`;
}

export function stripTag(text: string): string {
  return text.split(DEMO_TAG).join('').trim();
}

export function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

export function findCall(messages: readonly ModelMessage[], id: string): ToolCall | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'assistant') continue;
    const call = message.toolCalls?.find((item) => item.id === id);
    if (call) return call;
  }
  return undefined;
}

export function parseArgs(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function stringArg(args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key];
  return typeof value === 'string' ? value : undefined;
}

export function nonEmptyLines(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

export function firstLines(text: string, count: number, maxChars: number): string {
  const lines = nonEmptyLines(text).slice(0, count).join('\n');
  return lines.length > maxChars ? `${lines.slice(0, maxChars)}…` : lines;
}

export function codeBlock(text: string): string {
  const fence = text.includes('```') ? '~~~~' : '```';
  return `${fence}text\n${text}\n${fence}`;
}

export function plural(n: number): string {
  return n === 1 ? '' : 's';
}

export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
