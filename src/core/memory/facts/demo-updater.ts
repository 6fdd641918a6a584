// The Demo provider's answer to a memory-update request: a deterministic, rule-based stand-in for
// the model. It reads the user's lines of the conversation and turns simple statements ("my name
// is …", "I prefer …", "I work at …", "I'm learning …", "remember …", "forget …") into facts with
// a category and a confidence, as the update prompt asks, and answers pure JSON.

import type { ModelRequest } from '../../agent/types';
import {
  inThirdPerson,
  predicate,
  profileClauses,
  profileFacts,
  type ProfileFact,
  type ProfileSlot,
} from '../../text/profile';
import { emptyMemory, parseMemoryJson, type FactCategory, type MemoryJson } from './schema';
import {
  MEMORY_UPDATE_TAG,
  normalizeFactContent,
  type MemoryUpdate,
  type NewFact,
} from './updater';

/** True when the request is our memory-update request. */
export function isMemoryUpdateRequest(request: ModelRequest): boolean {
  return request.system.includes(`<${MEMORY_UPDATE_TAG}>`);
}

/** The JSON answer for a memory-update request, or undefined for any other request. */
export function demoMemoryUpdate(request: ModelRequest): string | undefined {
  return isMemoryUpdateRequest(request) ? offlineFactUpdate(request) : undefined;
}

/**
 * Fact memory's offline answerer: the JSON answer to a request whose purpose is 'fact-update' (the
 * Demo provider answers those with it).
 */
export function offlineFactUpdate(request: ModelRequest): string {
  const input = request.messages.map((message) => message.content).join('\n');
  const memory = currentMemory(input);
  const userLines = conversationUserLines(input);

  const newFacts: NewFact[] = [];
  const factsToRemove = new Set<string>();
  const known = new Set(memory.facts.map((fact) => normalizeFactContent(fact.content)));
  const add = (fact: NewFact) => {
    const key = normalizeFactContent(fact.content);
    if (known.has(key)) return;
    known.add(key);
    newFacts.push(fact);
    // Single-valued facts (a name, an employer, a home) replace the older value.
    const slot = slotOf(fact.content);
    if (slot)
      for (const old of memory.facts)
        if (slotOf(old.content) === slot && normalizeFactContent(old.content) !== key)
          factsToRemove.add(old.id);
  };

  for (const line of userLines) {
    for (const said of sentences(line)) {
      const forget = /^(?:please\s+)?forget\s+(?:that\s+|about\s+)?(.+)$/i.exec(said);
      if (forget?.[1]) {
        // "forget that I like tea" names the fact "Likes tea."; else match the words themselves.
        const stated = new Set(factsFrom(forget[1]).map((f) => normalizeFactContent(f.content)));
        const words = normalizeFactContent(forget[1]).replace(/^(?:i|my)\s+/, '');
        for (const fact of memory.facts) {
          const content = normalizeFactContent(fact.content);
          if (stated.has(content) || (words && content.includes(words))) factsToRemove.add(fact.id);
        }
        continue;
      }
      for (const fact of factsFrom(said)) add(fact);
    }
  }

  const all = [...memory.facts.filter((fact) => !factsToRemove.has(fact.id)), ...newFacts];
  const summary = (test: (content: string) => boolean) =>
    all
      .map((fact) => fact.content)
      .filter(test)
      .join(' ');
  const touched = (test: (content: string) => boolean) =>
    newFacts.some((fact) => test(fact.content));
  const isWork = (content: string) =>
    /^(?:Works|Is a|Is an|Knows|Is working on|Is building|Reports to|The user's (?:manager|boss|team lead|lead|colleague|mentor))\b/.test(
      content,
    );
  const isPersonal = (content: string) =>
    /^(?:The user's name|Prefers|Likes|Loves|Enjoys|Dislikes|Hates|Lives|Is from|Is based|Moved|Grew up|Speaks|The user's)\b/.test(
      content,
    ) && !isWork(content);
  const isFocus = (content: string) =>
    /^(?:Is learning|Is studying|Wants|Goal|Is planning|Plans|Is going to|Is hoping)\b/.test(
      content,
    );

  const section = (test: (content: string) => boolean) =>
    touched(test)
      ? { summary: summary(test), shouldUpdate: true }
      : { summary: '', shouldUpdate: false };
  const unchanged = { summary: '', shouldUpdate: false };
  const answer: MemoryUpdate = {
    user: {
      workContext: section(isWork),
      personalContext: section(isPersonal),
      topOfMind: section(isFocus),
    },
    history: { recentMonths: unchanged, earlierContext: unchanged, longTermBackground: unchanged },
    newFacts,
    factsToRemove: [...factsToRemove],
  };
  return JSON.stringify(answer, null, 2);
}

function currentMemory(input: string): MemoryJson {
  const match = /<current_memory>\n?([\s\S]*?)\n?<\/current_memory>/.exec(input);
  const parsed = parseMemoryJson(match?.[1] ?? '');
  return parsed.ok ? parsed.memory : emptyMemory();
}

/** The user's messages from the <conversation> block ("User: …" paragraphs). */
function conversationUserLines(input: string): string[] {
  const match = /<conversation>\n?([\s\S]*?)\n?<\/conversation>/.exec(input);
  if (!match?.[1]) return [];
  return match[1]
    .split(/\n\n(?=(?:User|Assistant): )/)
    .filter((part) => part.startsWith('User: '))
    .map((part) => part.slice('User: '.length).replace(/&lt;/g, '<').trim());
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** What follows a pattern, as a clean phrase: no trailing punctuation, at most 160 characters. */
function phrase(raw: string): string {
  let text = raw.replace(/\s+/g, ' ').trim();
  text = text.replace(/[\s,;:]+(?:please|thanks|thank you)\b.*$/i, '');
  text = text.replace(/[.!?;,:\s]+$/, '');
  return text.length > 160 ? text.slice(0, 160).trimEnd() : text;
}

const asSentence = (text: string) => {
  const clean = text.trim().replace(/[.!?]+$/, '');
  return clean ? `${clean.charAt(0).toUpperCase()}${clean.slice(1)}.` : '';
};

type Rule = [RegExp, (what: string) => string, FactCategory, number];

const LEAD = String.raw`^(?:(?:also|and|so|well|oh|btw|by the way)[,\s]+)*`;
/** A rule: the pattern after LEAD, the fact with "…" where the phrase goes, its kind and certainty. */
function rule(pattern: string, fact: string, category: FactCategory, confidence: number): Rule {
  const render = (what: string) => fact.replace('…', () => what);
  return [new RegExp(`${LEAD}${pattern}`, 'i'), render, category, confidence];
}

const RULES: Rule[] = [
  rule(`my name is (.+)`, "The user's name is …", 'context', 0.95),
  rule(`(?:please )?call me (.+)`, 'Prefers to be called …', 'preference', 0.95),
  rule(`i(?: would|'d|’d)? prefer (.+)`, 'Prefers …', 'preference', 0.95),
  rule(`i (?:really )?(?:like|love|enjoy) (.+)`, 'Likes …', 'preference', 0.9),
  rule(`i (?:really )?(?:don't|do not|don’t) like (.+)`, 'Dislikes …', 'preference', 0.9),
  rule(`i (?:hate|dislike) (.+)`, 'Dislikes …', 'preference', 0.9),
  rule(`i(?: currently)? work (?:at|for) (.+)`, 'Works at …', 'context', 0.95),
  rule(`i(?: currently)? work on (.+)`, 'Works on …', 'context', 0.95),
  rule(`i(?: currently)? work as (.+)`, 'Works as …', 'context', 0.95),
  rule(`i(?: currently)? live in (.+)`, 'Lives in …', 'context', 0.95),
  rule(`i (?:speak|am fluent in|'m fluent in) (.+)`, 'Speaks …', 'context', 0.9),
  rule(`(?:i'm|i am|i’m)(?: currently)? learning (.+)`, 'Is learning …', 'goal', 0.9),
  rule(
    `i (?:want|would like|'d like|plan) to (?:learn|study) (.+)`,
    'Wants to learn …',
    'goal',
    0.9,
  ),
  rule(`my goal is (?:to )?(.+)`, 'Goal: …', 'goal', 0.95),
  rule(`(?:i'm|i am|i’m) (?:an? )?expert (?:in|on|at) (.+)`, 'Knows … well', 'knowledge', 0.9),
  rule(`i know (?:a lot about )?(.+?) well$`, 'Knows … well', 'knowledge', 0.9),
  rule(`i (?:usually|always|often|tend to) (.+)`, 'Usually …', 'behavior', 0.85),
];

const REMEMBER =
  /^(?:(?:please|ok(?:ay)?|hey|and|also)[,\s]+)*(?:(?:can|could|would) you )?(?:please )?(?:remember|note|keep in mind|don't forget)\b[\s,:]*(?:that\s+)?(.+)$/i;
const SECRET =
  /\b(?:passwords?|passphrases?|api[\s_-]?keys?|secret keys?|private keys?|access tokens?)\b|\bsk-[A-Za-z0-9_-]{8,}/i;

/** The category and confidence of what a person says of themselves, by its slot. */
const PROFILE_KIND: Record<ProfileSlot, [FactCategory, number]> = {
  name: ['context', 0.95],
  role: ['context', 0.9],
  employer: ['context', 0.95],
  place: ['context', 0.95],
  person: ['context', 0.9],
  project: ['context', 0.95],
  plan: ['goal', 0.9],
  preference: ['preference', 0.9],
  dislike: ['preference', 0.9],
  learning: ['goal', 0.9],
  hobby: ['preference', 0.9],
  language: ['context', 0.95],
};

/** A fact as memory.json words it: "Lives in Lisbon.", "The user's manager is Tomás." */
function profileFact(fact: ProfileFact, remembered: boolean): NewFact {
  const content =
    fact.verb === 'wants to be called'
      ? `Prefers to be called ${fact.value}.`
      : fact.verb.startsWith("'")
        ? inThirdPerson(fact, 'The user')
        : asSentence(predicate(fact));
  const [category, confidence] =
    fact.verb === 'wants to be called' ? (['preference', 0.95] as const) : PROFILE_KIND[fact.slot];
  const sure = /^prefers\b/.test(fact.verb) ? 0.95 : confidence;
  return { content, category, confidence: remembered ? 1 : sure };
}

/**
 * Facts stated in one sentence of the user, one per clause ("I work at Acme and I'm learning
 * Rust" is two), the user as the subject.
 */
export function factsFrom(text: string): NewFact[] {
  const trimmed = text.trim();
  if (trimmed.endsWith('?') || SECRET.test(trimmed)) return [];
  const remember = REMEMBER.exec(trimmed);
  const body = remember?.[1] ? phrase(remember[1]) : trimmed;
  const facts: NewFact[] = [];
  for (const clause of profileClauses(body)) {
    const told = profileFacts(clause);
    if (told.length > 0) {
      facts.push(...told.map((fact) => profileFact(fact, Boolean(remember))));
      continue;
    }
    for (const [pattern, render, category, confidence] of RULES) {
      const match = pattern.exec(clause);
      const what = match?.[1] ? phrase(match[1]) : '';
      if (what) {
        facts.push({
          content: asSentence(render(what)),
          category,
          confidence: remember ? 1 : confidence,
        });
        break;
      }
    }
  }
  if (facts.length === 0 && remember?.[1] && body) {
    // "remember that the deploy script lives in /ops": keep it as the user said it.
    const content = asSentence(body.replace(/^my\b/i, "The user's").replace(/^i\b/i, 'The user'));
    if (content) facts.push({ content, category: 'context', confidence: 0.95 });
  }
  return facts;
}

/** Facts that hold a single value at a time: a newer one replaces the older. */
function slotOf(content: string): string | undefined {
  if (/^The user's name is\b/.test(content)) return 'name';
  if (/^Prefers to be called\b/.test(content)) return 'called';
  if (/^Works at\b/.test(content)) return 'employer';
  if (/^(?:Lives in|Is based in)\b/.test(content)) return 'home';
  const person = /^The user's (manager|boss|partner|wife|husband) is\b/.exec(content);
  if (person?.[1]) return `person:${person[1]}`;
  return undefined;
}
