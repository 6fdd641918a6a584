// Deterministic synthetic conversations shared by the benchmark scripts (bench, bench:deepagents):
// user messages, answers, and now and then a write_file or execute call with its result.

import type { ModelMessage } from '../src/core/agent/types';

let seed = 7;
export function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const WORDS =
  'the a plan file test build trip budget report chart token memory summary page data value result user model agent error check table index query order deploy review branch commit merge update config server client cache window context'.split(
    ' ',
  );
export const text = (words: number) =>
  Array.from({ length: words }, (_, i) => {
    const w = WORDS[Math.floor(random() * WORDS.length)] ?? 'x';
    return i % 12 === 11 ? `${w}.` : w;
  }).join(' ');

let nextId = 0;
export const id = (prefix: string) => `${prefix}_${(nextId++).toString(36)}`;

const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)] ?? list[0]!;
const NAMES =
  'Alice Bruno Chen Dana Emeka Farah Goran Hana Ivo Jonas Kemal Lena Mateo Nadia Omar Priya Quinn Rosa Sami Tomas'.split(
    ' ',
  );
const PLACES = 'Porto Lisbon Berlin Nairobi Osaka Lima Oslo Quito Tunis Hanoi Krakow Dakar'.split(
  ' ',
);
const ORGS = 'Acme Globex Initech Umbrella Hooli Vandelay Stark Wayne'.split(' ');
const THINGS = 'peanuts tabs dark mode green tea cycling chess shellfish pottery'.split(' ');
/** A sentence the strategies' extractors and promotion keywords react to (names, places, rules). */
export function factSentence(): string {
  switch (Math.floor(random() * 6)) {
    case 0:
      return `My name is ${pick(NAMES)}.`;
    case 1:
      return `Remember that I always use ${pick(THINGS)}.`;
    case 2:
      return `${pick(NAMES)} works at ${pick(ORGS)}.`;
    case 3:
      return `I live in ${pick(PLACES)}.`;
    case 4:
      return `I'm allergic to ${pick(THINGS)}.`;
    default:
      return `${pick(NAMES)} visited ${pick(PLACES)}.`;
  }
}

/**
 * user → assistant (sometimes with a write_file or an execute call and its result) → … With
 * `facts`, half the user messages also state a fact, so every strategy's state grows as in use.
 */
export function conversation(
  messageCount: number,
  options: { facts?: boolean } = {},
): ModelMessage[] {
  const out: ModelMessage[] = [];
  while (out.length < messageCount) {
    const words = text(30 + Math.floor(random() * 40));
    out.push({
      role: 'user',
      id: id('u'),
      content: options.facts && random() < 0.5 ? `${words} ${factSentence()}` : words,
      createdAt: 0,
    });
    if (random() < 0.4 && out.length + 3 <= messageCount) {
      const callId = id('call');
      const write = random() < 0.5;
      out.push({
        role: 'assistant',
        id: id('a'),
        content: text(15),
        toolCalls: [
          {
            id: callId,
            name: write ? 'write_file' : 'execute',
            arguments: JSON.stringify(
              write
                ? {
                    file_path: `/notes/${callId}.md`,
                    content: text(400 + Math.floor(random() * 400)),
                  }
                : { code: `console.log(${JSON.stringify(text(10))})` },
            ),
          },
        ],
        createdAt: 0,
      });
      out.push({
        role: 'tool',
        id: id('t'),
        toolCallId: callId,
        toolName: write ? 'write_file' : 'execute',
        content: write
          ? `Updated file /notes/${callId}.md`
          : text(300 + Math.floor(random() * 500)),
        createdAt: 0,
      });
    }
    if (out.length < messageCount)
      out.push({
        role: 'assistant',
        id: id('a'),
        content: text(80 + Math.floor(random() * 120)),
        createdAt: 0,
      });
  }
  return out.slice(0, messageCount);
}

/** The thread up to its last complete turn (a final answer), so every past turn is whole. */
export function completeThread(messages: readonly ModelMessage[]): ModelMessage[] {
  const out = [...messages];
  while (out.length > 0) {
    const last = out[out.length - 1]!;
    if (last.role === 'assistant' && !last.toolCalls?.length) break;
    out.pop();
  }
  return out;
}
