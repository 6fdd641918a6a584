// Offline stand-ins for the strategies' model steps, used with the Demo provider and in the arena's
// offline mode. They are deterministic and extractive (they copy sentences, they do not write new
// ones) and every answer is marked as offline in the events. They answer in the same text forms a
// model is asked for, so the same readers parse them.

import { inThirdPerson, predicate, profileFacts, type ProfileFact } from '../text/profile';
import { NO_FACT } from './steps';
import type { StepFn, StepRequest } from './types';

type Dialogue = StepRequest['input']['conversation'];

export function offlineAnswer(request: StepRequest): string {
  const { conversation } = request.input;
  switch (request.kind) {
    case 'summary-merge':
      return mergeSummary(request.input.previous ?? '', conversation);
    case 'fact-extraction':
      return extractFact(conversation) ?? NO_FACT;
    case 'triple-extraction':
      return formatTriples(extractTriples(conversation));
    case 'compression':
      return compress(conversation);
  }
}

/** A step function answering offline; token figures are the counter's estimates. */
export function offlineStep(count: (text: string) => number): StepFn {
  return async (request) => {
    const text = offlineAnswer(request);
    return {
      text,
      inputTokens: count(request.system) + count(request.prompt),
      outputTokens: count(text),
      offline: true,
    };
  };
}

// ---- sentences ----

export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const FACT_CUES =
  /\b(my|mine|i am|i'm|i have|i've|i live|i work|i like|i love|i prefer|i hate|i need|i want|i will|i'll|call me|remember|always|never|allergic|deadline|due|birthday|favou?rite|prefer|rule|name is)\b/i;

function informative(sentence: string): number {
  const words = sentence.split(/\s+/).filter((w) => w.length > 3);
  const capitals = (sentence.match(/\b[A-Z][a-z]+/g) ?? []).length;
  const digits = (sentence.match(/\d/g) ?? []).length > 0 ? 2 : 0;
  return words.length + capitals + digits;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

// ---- summary merge: previous summary lines + one line per message, newest kept ----

const SUMMARY_MAX_LINES = 40;

function mergeSummary(previous: string, conversation: Dialogue): string {
  const lines = previous
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('- '));
  for (const message of conversation) {
    const best = pickSentence(message.content, message.role === 'user');
    if (best) lines.push(`- ${message.role === 'user' ? 'User' : 'Assistant'}: ${clip(best, 200)}`);
  }
  return lines.slice(-SUMMARY_MAX_LINES).join('\n');
}

/** The sentence that says the most (a fact cue first for the user's messages). */
function pickSentence(text: string, preferFacts: boolean): string {
  const all = sentences(text);
  if (all.length === 0) return '';
  const cued = preferFacts ? all.filter((s) => FACT_CUES.test(s)) : [];
  const pool = cued.length > 0 ? cued : all;
  return pool.reduce((best, s) => (informative(s) > informative(best) ? s : best), pool[0] ?? '');
}

// ---- fact extraction: a user sentence with a fact cue, in the third person ----

function extractFact(conversation: Dialogue): string | null {
  for (const message of conversation) {
    if (message.role !== 'user') continue;
    // What the user says of themselves, one fact per clause, the user as the subject.
    const told = profileFacts(message.content);
    if (told.length > 0) return clip(told.map((fact) => inThirdPerson(fact)).join(' '), 240);
    const cued = sentences(message.content).filter((s) => FACT_CUES.test(s) && !s.endsWith('?'));
    if (cued.length === 0) continue;
    const best = cued.reduce((a, b) => (informative(b) > informative(a) ? b : a));
    return `The user said: ${clip(best, 240)}`;
  }
  return null;
}

// ---- triples: patterns over the user's sentences ----

type Triple = [string, string, string];

/** A fact the user says of themselves as a triple: ('User', 'lives in', 'Lisbon'). */
function profileTriple(fact: ProfileFact): Triple {
  if (fact.slot === 'name' && fact.verb.startsWith("'")) return ['User', 'is named', fact.value];
  if (fact.slot === 'person' && fact.verb.startsWith("'"))
    return ['User', `has ${fact.relation ?? 'contact'}`, fact.value];
  // The verb as the relation ("is a", "lives in"), the value in the third person as the object.
  return ['User', fact.verb, predicate(fact).slice(fact.verb.length + 1)];
}

/** Patterns in the first person: read in the user's messages only (an assistant's "I" is not the user). */
const FIRST_PERSON: { re: RegExp; triple: (m: RegExpMatchArray) => Triple }[] = [
  { re: /\bmy name is ([A-Z][\w-]*(?: [A-Z][\w-]*)*)/, triple: (m) => ['User', 'is named', m[1]!] },
  { re: /\bcall me ([A-Z][\w-]*)/, triple: (m) => ['User', 'is named', m[1]!] },
  {
    re: /\bI(?:'m| am) allergic to ([\w\s-]+?)(?:[.,;!]|$)/i,
    triple: (m) => ['User', 'is allergic to', m[1]!.trim()],
  },
  {
    re: /\bI (live|work|study) (in|at|for) ([A-Z][\w-]*(?: [A-Z][\w-]*)*)/,
    triple: (m) => ['User', `${m[1]}s ${m[2]}`, m[3]!],
  },
  {
    re: /\bI (like|love|prefer|hate|use) ([\w\s-]+?)(?:[.,;!]| over | because|$)/i,
    triple: (m) => ['User', `${m[1]!.toLowerCase()}s`, m[2]!.trim()],
  },
  {
    re: /\bmy ([a-z]+(?: [a-z]+)?) is ([A-Z][\w-]*(?: [A-Z][\w-]*)*|[\w-]+)/,
    triple: (m) => ['User', `has ${m[1]}`, m[2]!],
  },
];

/** Patterns about someone by name, read in every message. */
const THIRD_PERSON: { re: RegExp; triple: (m: RegExpMatchArray) => Triple }[] = [
  {
    re: /\b([A-Z][a-z]+(?: [A-Z][a-z]+)*) (is|was|works at|works for|lives in|likes|owns|has|met|visited|manages|leads) (?:an? |the )?([A-Z]?[\w-]+(?: [A-Z][\w-]+)*)/,
    triple: (m) => [m[1]!, m[2]!, m[3]!],
  },
];

const NOT_ENTITIES = new Set(['I', 'The', 'This', 'That', 'It', 'What', 'When', 'How', 'Why']);

export function extractTriples(conversation: Dialogue): Triple[] {
  const out: Triple[] = [];
  const seen = new Set<string>();
  const add = ([s, r, o]: Triple) => {
    const [subject, relation, object] = [s.trim(), r.trim(), o.trim()];
    if (!subject || !object || NOT_ENTITIES.has(subject) || object.length > 60) return;
    const key = `${subject}\u0000${relation}\u0000${object}`.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    out.push([subject, relation, object]);
  };
  for (const message of conversation) {
    const user = message.role === 'user';
    // The user's own words about themselves, one fact per clause.
    if (user) for (const fact of profileFacts(message.content)) add(profileTriple(fact));
    for (const sentence of sentences(message.content)) {
      if (sentence.endsWith('?')) continue;
      for (const { re, triple } of user ? [...FIRST_PERSON, ...THIRD_PERSON] : THIRD_PERSON) {
        const match = sentence.match(re);
        if (match) add(triple(match));
      }
    }
  }
  return out.slice(0, 8);
}

function formatTriples(triples: Triple[]): string {
  const quote = (s: string) => `'${s.replace(/'/g, '’')}'`;
  return `[${triples.map(([s, r, o]) => `(${quote(s)}, ${quote(r)}, ${quote(o)})`).join(', ')}]`;
}

// ---- compression: the most informative sentence of the exchange ----

function compress(conversation: Dialogue): string {
  const user = conversation.find((m) => m.role === 'user')?.content ?? '';
  const answer = conversation.find((m) => m.role === 'assistant')?.content ?? '';
  const fromUser = pickSentence(user, true);
  if (fromUser && !fromUser.endsWith('?')) return clip(`User: ${fromUser}`, 240);
  const fromAnswer = pickSentence(answer, false);
  if (fromUser && fromAnswer) return clip(`User asked: ${fromUser} Answer: ${fromAnswer}`, 240);
  return clip(fromUser || fromAnswer || '(empty exchange)', 240);
}
