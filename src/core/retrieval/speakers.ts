// Who is who in a two-party conversation, for ranking. A thread knows its speakers only as roles
// (user, assistant); their names show where one addresses the other: "Hey Mel!", "Thanks,
// Caroline!", "Wow, that's cool, Caroline!". A name that one speaker uses that way and the other
// (almost) never does is the other speaker's name. A question that names exactly one speaker
// ("What did Caroline research?") is then about that speaker's messages, and the addressee's name
// inside a message ("Thanks, Caroline!" said by Melanie) is no evidence that the message is about
// Caroline, so the ranker leaves those names out of the message text.

export interface SpokenNames {
  speaker: string;
  /** The names the message addresses someone by (addressedNames of its text). */
  names: readonly string[];
}

// A capitalised word after a greeting ("Hey Mel", "Thanks, Caroline"), or between a comma and
// punctuation ("that's cool, Caroline!"). The greeting matches in any case, the name only
// capitalised (so no "i" flag: each greeting's first letter is given in both cases).
const GREETINGS = [
  'hey',
  'hi',
  'hello',
  'hiya',
  'yo',
  'thanks',
  'thank you',
  'thx',
  'bye',
  'goodbye',
  'congrats',
  'congratulations',
  'sorry',
  'morning',
  'good morning',
  'good night',
  'night',
  'dear',
  'wow',
  'aw+',
  'oh',
  'omg',
  'ok',
  'okay',
  'yes',
  'yeah',
  'yep',
  'no',
  'sure',
  'cheers',
  'welcome',
  'see you',
  'talk soon',
  'love you',
];
const anyCase = (word: string) => `[${word[0]!.toUpperCase()}${word[0]}]${word.slice(1)}`;
const GREETING = new RegExp(
  `\\b(?:${GREETINGS.map(anyCase).join('|')})[,!]?\\s+(\\p{Lu}\\p{Ll}+)\\b`,
  'gu',
);
const BETWEEN_PUNCTUATION = /,\s+(\p{Lu}\p{Ll}+)(?=\s*[!?.,;:](?:\s|$)|\s*$)/gu;

/** The capitalised words a text uses to address someone (each once). */
export function addressedNames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(GREETING)) names.add(match[1]!);
  for (const match of text.matchAll(BETWEEN_PUNCTUATION)) names.add(match[1]!);
  return [...names];
}

/**
 * Each speaker's names as the others address them: speaker -> names (original case). Needs two
 * speakers; a name counts for the addressee when at least `minMessages` of one speaker's
 * messages use it and it is more than three times as common there as in the other's.
 */
export function inferSpeakerNames(
  messages: readonly SpokenNames[],
  minMessages = 2,
): Map<string, string[]> {
  const speakers = [...new Set(messages.map((m) => m.speaker))];
  const out = new Map<string, string[]>();
  if (speakers.length !== 2) return out;
  const counts = new Map<string, Map<string, number>>(speakers.map((s) => [s, new Map()]));
  for (const message of messages) {
    const own = counts.get(message.speaker)!;
    for (const name of message.names) own.set(name, (own.get(name) ?? 0) + 1);
  }
  const [a, b] = speakers as [string, string];
  for (const [by, to] of [
    [a, b],
    [b, a],
  ] as const) {
    const mine = counts.get(by)!;
    const theirs = counts.get(to)!;
    const names = [...mine]
      .filter(([name, n]) => n >= minMessages && n > 3 * (theirs.get(name) ?? 0))
      .sort((x, y) => y[1] - x[1])
      .map(([name]) => name);
    // (The ratio test keeps a word from being both speakers' name.)
    if (names.length) out.set(to, names);
  }
  return out;
}

/**
 * The names without the everyday words among them: a capitalised word after a greeting ("Yeah,
 * Winning is…", "How, …") is a name only if the conversation never writes it in lowercase (in at
 * least `minMessages` messages). Names a thread gives (`keep`) stay.
 */
export function withoutCommonWords(
  names: ReadonlyMap<string, readonly string[]>,
  lowercase: Iterable<ReadonlySet<string>>,
  keep: ReadonlySet<string> = new Set(),
  minMessages = 2,
): Map<string, string[]> {
  const candidates = new Map<string, number>();
  for (const list of names.values())
    for (const name of list) if (!keep.has(name)) candidates.set(name.toLowerCase(), 0);
  if (candidates.size)
    for (const words of lowercase)
      for (const [word, n] of candidates) if (words.has(word)) candidates.set(word, n + 1);
  const out = new Map<string, string[]>();
  for (const [speaker, list] of names) {
    const kept = list.filter(
      (name) => keep.has(name) || (candidates.get(name.toLowerCase()) ?? 0) < minMessages,
    );
    if (kept.length) out.set(speaker, kept);
  }
  return out;
}

/** The words a text writes all in lowercase ("winning", not "Winning"), each once. */
export function lowercaseWords(text: string): Set<string> {
  return new Set(text.match(LOWERCASE_WORD) ?? []);
}
const LOWERCASE_WORD = /(?<![\p{L}\p{M}\p{N}])\p{Ll}[\p{Ll}\p{M}]*(?![\p{L}\p{M}\p{N}])/gu;

/**
 * The speakers a question names, in the order it first names them (matching whole words, any
 * case; "Caroline's" names Caroline).
 */
export function speakersNamed(
  query: string,
  names: ReadonlyMap<string, readonly string[]>,
): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const found: { speaker: string; at: number }[] = [];
  for (const [speaker, list] of names) {
    const lower = new Set(list.map((name) => name.toLowerCase()));
    const at = words.findIndex((word) => lower.has(word));
    if (at >= 0) found.push({ speaker, at });
  }
  return found.sort((x, y) => x.at - y.at).map((f) => f.speaker);
}
