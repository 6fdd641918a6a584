// Pins (issue 20, point 4): the user marks a message or a single specific as must-keep. A pinned
// message is never cut by summarization nor left out by a strategy's window: it stays in what the
// model sees, verbatim, after the summary (with its tool-call group, so a call never loses its
// result). Pinned specifics are handed to every summary step as must-keep, and a summary that drops
// one is flagged on its record. Pins live in thread state, so they are saved and bundled with the
// thread.

import { z } from 'zod';
import { stateSlot, type ThreadState } from '../agent/middleware';
import type { ModelMessage } from '../agent/types';
import { BOUNDS } from '../limits';
import { SPECIFIC_KINDS, type SpecificKind } from './specifics';
import { pinKey, type PinnedSpecificRef } from './record';

export const MAX_PINNED_MESSAGES = BOUNDS.pinnedMessages.value;
export const MAX_PINNED_SPECIFICS = BOUNDS.pinnedSpecifics.value;

const pinsSchema = z.object({
  messages: z.array(z.string().max(200)).max(MAX_PINNED_MESSAGES),
  specifics: z
    .array(
      z.object({
        kind: z.enum(SPECIFIC_KINDS as [SpecificKind, ...SpecificKind[]]),
        subtype: z.string().max(40),
        normalized: z.string().max(2_000),
        text: z.string().max(2_000),
      }),
    )
    .max(MAX_PINNED_SPECIFICS),
});
export type Pins = z.infer<typeof pinsSchema>;

export const PINS_STATE_KEY = 'pins';
export const pinsSlot = stateSlot(PINS_STATE_KEY, pinsSchema);

const NO_PINS: Pins = { messages: [], specifics: [] };

export function getPins(state: ThreadState | undefined): Pins {
  return (state && pinsSlot.read(state)) ?? NO_PINS;
}

export type PinResult = { ok: true; pinned: boolean } | { ok: false; reason: string };

/** Pins or unpins a message (by id) in `state`; refuses past the bound, saying so. */
export function toggleMessagePin(state: ThreadState, messageId: string): PinResult {
  const pins = getPins(state);
  if (pins.messages.includes(messageId)) {
    pinsSlot.write(state, { ...pins, messages: pins.messages.filter((id) => id !== messageId) });
    return { ok: true, pinned: false };
  }
  if (pins.messages.length >= MAX_PINNED_MESSAGES)
    return {
      ok: false,
      reason: `At most ${MAX_PINNED_MESSAGES} messages can be pinned in a thread; unpin one first.`,
    };
  pinsSlot.write(state, { ...pins, messages: [...pins.messages, messageId] });
  return { ok: true, pinned: true };
}

/** Pins or unpins a specific (by kind and normalized form). */
export function toggleSpecificPin(state: ThreadState, specific: PinnedSpecificRef): PinResult {
  const pins = getPins(state);
  const key = pinKey(specific);
  if (pins.specifics.some((s) => pinKey(s) === key)) {
    pinsSlot.write(state, { ...pins, specifics: pins.specifics.filter((s) => pinKey(s) !== key) });
    return { ok: true, pinned: false };
  }
  if (pins.specifics.length >= MAX_PINNED_SPECIFICS)
    return {
      ok: false,
      reason: `At most ${MAX_PINNED_SPECIFICS} specifics can be pinned in a thread; unpin one first.`,
    };
  const entry = {
    kind: specific.kind,
    subtype: specific.subtype.slice(0, 40),
    normalized: specific.normalized.slice(0, 2_000),
    text: specific.text.slice(0, 2_000),
  };
  pinsSlot.write(state, { ...pins, specifics: [...pins.specifics, entry] });
  return { ok: true, pinned: true };
}

/**
 * The ids of the messages that must stay: the pinned ones with their tool-call groups (an assistant
 * message's tool results, and a tool result's calling message with its sibling results).
 */
export function pinnedIds(messages: readonly ModelMessage[], pins: Pins): Set<string> {
  const out = new Set<string>();
  if (pins.messages.length === 0) return out;
  const wanted = new Set(pins.messages);
  const callOwner = new Map<string, number>();
  messages.forEach((message, i) => {
    if (message.role === 'assistant')
      for (const call of message.toolCalls ?? []) callOwner.set(call.id, i);
  });
  const addGroup = (ownerIndex: number) => {
    const owner = messages[ownerIndex];
    if (owner?.role !== 'assistant') return;
    out.add(owner.id);
    const ids = new Set((owner.toolCalls ?? []).map((call) => call.id));
    for (const message of messages)
      if (message.role === 'tool' && ids.has(message.toolCallId)) out.add(message.id);
  };
  messages.forEach((message, i) => {
    if (!wanted.has(message.id)) return;
    out.add(message.id);
    if (message.role === 'assistant' && message.toolCalls?.length) addGroup(i);
    if (message.role === 'tool') {
      const owner = callOwner.get(message.toolCallId);
      if (owner !== undefined) addGroup(owner);
    }
  });
  return out;
}

const MUST_KEEP_HEADING =
  'The user pinned these details. Each one MUST appear in the summary exactly as written (in the section where it fits):';

/** The summary prompt's must-keep list (empty string without pinned specifics). */
export function mustKeepInstruction(pins: Pins): string {
  if (pins.specifics.length === 0) return '';
  return [MUST_KEEP_HEADING, ...pins.specifics.map((s) => `- ${s.text}`)].join('\n');
}

/** The details a must-keep list (mustKeepInstruction) in `text` names; [] when it has none. */
export function mustKeepFrom(text: string): string[] {
  const at = text.lastIndexOf(MUST_KEEP_HEADING);
  if (at < 0) return [];
  const out: string[] = [];
  for (const line of text
    .slice(at + MUST_KEEP_HEADING.length)
    .split('\n')
    .slice(1)) {
    if (!line.startsWith('- ')) break;
    out.push(line.slice(2));
  }
  return out;
}
