// Indexing a conversation: sessions and neighbour windows, the speakers' names, each message's
// tokens, dates, names and informativeness, the inverted index, and appending to it in place.

import { stemmer } from 'stemmer';
import { writtenNames } from '../answer-type';
import { informativenessOf, textInformativeness } from '../informative';
import { addressedNames, inferSpeakerNames, lowercaseWords, withoutCommonWords } from '../speakers';
import { messageDateKeys } from '../temporal';
import { tokenize, type TokenizerOptions } from '../tokenize';
import { DEFAULT_CONVERSATION_RANKING, type ConversationRankOptions } from './options';
import type { ConversationIndex, ConversationMessage, MessageFeatures } from './types';

/** Session numbers: a new session after a gap longer than `gapMs` (no time: same session). */
export function sessionsOf(messages: readonly ConversationMessage[], gapMs: number): Int32Array {
  const out = new Int32Array(messages.length);
  let session = 0;
  let last: number | undefined;
  messages.forEach((message, i) => {
    const at = message.at;
    if (at !== undefined && Number.isFinite(at)) {
      if (last !== undefined && at - last > gapMs) session++;
      last = at;
    }
    out[i] = session;
  });
  return out;
}

/** The positions in message i's window: up to `window` each side, same session, itself included. */
export function windowOf(session: ArrayLike<number>, i: number, window: number): [number, number] {
  let from = i;
  while (from > 0 && i - from < window && session[from - 1] === session[i]) from--;
  let to = i;
  while (to < session.length - 1 && to - i < window && session[to + 1] === session[i]) to++;
  return [from, to];
}

function featuresOf(
  message: ConversationMessage,
  features: Map<string, MessageFeatures>,
  tokenizer: TokenizerOptions,
): MessageFeatures {
  let known = features.get(message.text);
  if (!known) {
    known = { tokens: tokenize(message.text, tokenizer), addressed: addressedNames(message.text) };
    features.set(message.text, known);
  }
  return known;
}

/** The speakers' names as the messages show them (none when inference is off). */
export function namesOf(
  messages: readonly ConversationMessage[],
  options: ConversationRankOptions,
  features: Map<string, MessageFeatures> = new Map(),
): Map<string, string[]> {
  if (!options.inferNames) return new Map();
  const inferred = inferSpeakerNames(
    messages.map((m) => ({
      speaker: m.speaker,
      names: featuresOf(m, features, options.tokenizer).addressed,
    })),
  );
  // Names the thread gives come first, before those inferred.
  const given = new Set<string>();
  for (const m of messages) {
    const name = m.name?.trim();
    if (!name) continue;
    given.add(name);
    const known = inferred.get(m.speaker) ?? [];
    if (!known.includes(name)) inferred.set(m.speaker, [name, ...known]);
  }
  // Only names not given are checked against the words the messages write in lowercase.
  const unsure = [...inferred.values()].some((list) => list.some((name) => !given.has(name)));
  return unsure
    ? withoutCommonWords(
        inferred,
        messages.map((m) => {
          const known = featuresOf(m, features, options.tokenizer);
          known.lowercase ??= lowercaseWords(m.text);
          return known.lowercase;
        }),
        given,
      )
    : inferred;
}

/**
 * Builds what ranking a conversation needs. `features` may hold what earlier builds computed per
 * text (tokens, addressed names, dates), so a conversation seen before is not tokenized again.
 */
export function indexConversation(
  messages: readonly ConversationMessage[],
  options: ConversationRankOptions = DEFAULT_CONVERSATION_RANKING,
  features: Map<string, MessageFeatures> = new Map(),
  names: Map<string, string[]> = namesOf(messages, options, features),
): ConversationIndex {
  const index: ConversationIndex = {
    size: 0,
    ids: [],
    speakers: [],
    times: [],
    session: [],
    names,
    nameTokens: new Set(
      [...names.values()].flat().flatMap((name) => tokenize(name, options.tokenizer)),
    ),
    dates: [],
    written: [],
    lowercase: new Map(),
    informative: [],
    speakerWords: new Set(
      [...names.values()].flat().flatMap((name) => name.toLowerCase().split(/\s+/).filter(Boolean)),
    ),
    tokens: [],
    families: new Map(),
    terms: new Map(),
    postingDocs: [],
    postingTfs: [],
    length: [],
    windowLength: [],
    sessionLength: [],
    totalLength: 0,
    totalWindowLength: 0,
    options,
  };
  appendMessages(index, messages, features);
  return index;
}

/**
 * Appends messages to an index in place (the same as indexing all of them afresh, provided the
 * speakers' names are the same: the caller checks).
 */
export function appendMessages(
  index: ConversationIndex,
  messages: readonly ConversationMessage[],
  features: Map<string, MessageFeatures> = new Map(),
): void {
  const { options } = index;
  const first = index.size;
  const families = (options.tail?.depth ?? 0) > 0 && (options.tail?.wordFamilyWeight ?? 0) > 0;
  for (const m of messages) {
    const d = index.size;
    const known = featuresOf(m, features, options.tokenizer);
    const tokens = index.nameTokens.size
      ? known.tokens.filter((t) => !index.nameTokens.has(t))
      : known.tokens;
    const counts = new Map<string, number>();
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const [token, count] of counts) {
      let t = index.terms.get(token);
      if (t === undefined) {
        t = index.terms.size;
        index.terms.set(token, t);
        index.postingDocs.push([]);
        index.postingTfs.push([]);
        if (families) {
          const family = familyOf(token);
          const members = index.families.get(family);
          if (members) members.push(token);
          else index.families.set(family, [token]);
        }
      }
      index.postingDocs[t]!.push(d);
      index.postingTfs[t]!.push(count);
    }
    // Sessions: a gap longer than the threshold since the last message with a time.
    let session = d > 0 ? index.session[d - 1]! : 0;
    const at = m.at !== undefined && Number.isFinite(m.at) ? m.at : undefined;
    if (at !== undefined) {
      let previous: number | undefined;
      for (let j = d - 1; j >= 0 && previous === undefined; j--) previous = index.times[j];
      if (previous !== undefined && at - previous > options.sessionGapMs) session++;
    }
    index.ids.push(m.id);
    index.speakers.push(m.speaker);
    index.times.push(at);
    index.session.push(session);
    if (options.informativeWeight > 0) {
      known.informative ??= textInformativeness(m.text);
      const opens = d === 0 || index.session[d - 1] !== session;
      index.informative.push(informativenessOf(known.informative, tokens.length, opens));
    }
    index.tokens.push(tokens);
    index.length.push(tokens.length);
    index.totalLength += tokens.length;
    index.sessionLength[session] = (index.sessionLength[session] ?? 0) + tokens.length;
    index.windowLength.push(0);
    if (options.dateBoost > 0) {
      if (!known.dates || known.datesAt !== m.at) {
        known.dates = messageDateKeys(m.text, m.at);
        known.datesAt = m.at;
      }
      index.dates.push(known.dates);
    }
    if (options.answerTypeBoost > 0 || options.informativeWeight > 0) {
      known.written ??= writtenNames(m.text);
      known.lowercase ??= lowercaseWords(m.text);
      index.written.push(known.written);
      for (const word of known.lowercase)
        index.lowercase.set(word, (index.lowercase.get(word) ?? 0) + 1);
    }
    index.size++;
  }
  // Windows that reach the new messages: the last `window` old ones and every new one.
  for (let i = Math.max(0, first - options.window); i < index.size; i++) {
    const [from, to] = windowOf(index.session, i, options.window);
    let length = 0;
    for (let j = from; j <= to; j++) length += index.length[j]!;
    index.totalWindowLength += length - index.windowLength[i]!;
    index.windowLength[i] = length;
  }
}

const familyCache = new Map<string, string>();
const FAMILY_CACHE_LIMIT = 50_000;

/**
 * A term's word family: its full Porter stem (npm `stemmer`; terms that are not plain a-z words are
 * their own). Kept per term, so a thread indexed again does not stem its words again.
 */
export function familyOf(term: string): string {
  if (!/^[a-z]+$/.test(term)) return term;
  let family = familyCache.get(term);
  if (family === undefined) {
    family = stemmer(term);
    if (familyCache.size >= FAMILY_CACHE_LIMIT) familyCache.clear();
    familyCache.set(term, family);
  }
  return family;
}
