// What a person says about themselves, in ordinary sentences: "hey there, I'm Priya, a data
// engineer in Lisbon" is three facts (a name, a role, a place), "I work at Acme and I'm learning
// Rust" two. One fact per clause, the user as the subject. Shared by the offline stand-ins that
// read a conversation without a model: the Demo provider (what it saves and recalls), fact
// memory's offline updater and the strategies' offline steps. Hand-written and narrow on purpose:
// introductions, work (profile-work.ts), places, people, projects, plans, preferences and learning.
// The fact and reader shapes are in profile-fact.ts, the word lists in profile-words.ts.

import {
  LANGUAGES,
  NAME,
  NOT_NAMES,
  NOT_PLACES,
  PLACED_VERBS,
  RELATIONS,
  SAME_RELATION,
  WHEN,
  WHEN_OK,
} from './profile-words';
import { clean, type ProfileFact, type ProfileSlot, type Reader } from './profile-fact';
import { WORK_READERS } from './profile-work';

export { NOT_NAMES } from './profile-words';

export type { ProfileFact, ProfileSlot } from './profile-fact';

/**
 * Whether a fact answers a question about a slot: the same slot (a person with the same
 * relation), or for hobbies what the user enjoys, loves or likes when no hobby was named.
 */
export function answersSlot(fact: ProfileFact, slot: ProfileSlot, relation?: string): boolean {
  if (slot === 'hobby' && fact.slot === 'preference')
    return /^(?:enjoys|loves|likes)\b/.test(fact.verb);
  return (
    fact.slot === slot &&
    (slot !== 'person' || !relation || sameRelation(fact.relation ?? '', relation))
  );
}

export function sameRelation(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || SAME_RELATION.some((group) => group.includes(x) && group.includes(y));
}

/** "I'm", "I've", "I'd", "I'll", "we're" spelled out (also "im" where it can only be "I'm"). */
export const FIRST_PERSON_CONTRACTIONS: [RegExp, string][] = [
  [
    /\bi'm\b|\bim\b(?=\s+(?:a|an|the|allergic|from|based|learning|working|planning|going|vegan|vegetarian|not|called|into|in|on|at|\d))/gi,
    'I am',
  ],
  [/\bi've\b/gi, 'I have'],
  [/\bi'd\b/gi, 'I would'],
  [/\bi'll\b/gi, 'I will'],
  [/\bwe're\b/gi, 'we are'],
];

const CONTRACTIONS: [RegExp, string][] = [
  [/[\u2018\u2019\u02bc]/g, "'"],
  ...FIRST_PERSON_CONTRACTIONS,
  [/\bname's\b/gi, 'name is'],
  [/\b(?:do not|don't|dont)\s+like\b/gi, 'dislike'],
  [/\bi\b/g, 'I'],
];

/**
 * "my wife's called Leila", "my cat's Miso": "'s" is "is" before "called", "named" or a
 * capitalised word, never before a lowercase one ("my wife's name is Leila" keeps its "'s").
 */
const RELATION_IS = new RegExp(String.raw`\b(${RELATIONS})'s\b(?=\s+(\S+))`, 'gi');

function normalise(text: string): string {
  let out = text.replace(/\s+/g, ' ').trim();
  for (const [pattern, replacement] of CONTRACTIONS) out = out.replace(pattern, replacement);
  return out.replace(RELATION_IS, (whole, relation: string, next: string) =>
    /^(?:called|named)$/i.test(next) || /^\p{Lu}/u.test(next) ? `${relation} is` : whole,
  );
}

const LEAD =
  /^(?:(?:hey|hi|hello|hiya|heya|yo|greetings|howdy|good\s+(?:morning|afternoon|evening)|(?:nice|pleased|good|great)\s+to\s+meet\s+you)(?:\s+(?:there|again|everyone|all))?|so|well|oh|also|and|but|btw|by\s+the\s+way|fyi|actually|just\s+so\s+you\s+know|for\s+the\s+record|quick\s+intro|ok(?:ay)?|by\s+(?:profession|trade)|(?:let\s+me|allow\s+me\s+to)\s+introduce\s+myself|(?:a\s+(?:bit|little)\s+)?about\s+me)\b[\s,!.:;-]*/i;

/** The clauses of a text that may say something about the user, leads and greetings taken off. */
export function profileClauses(text: string): string[] {
  const clauses: string[] = [];
  for (const sentence of normalise(text).split(/(?<=[.!?;])\s+|\n+/)) {
    let rest = sentence.trim();
    for (let i = 0; i < 4 && LEAD.test(rest); i++) rest = rest.replace(LEAD, '').trim();
    for (const part of rest.split(
      /\s*(?:,\s*(?:and|but|so|plus)?\s*|\s+(?:and|but|so|plus)\s+|\s+[-–—]+\s+)(?=(?:I|my|My)\s)/,
    )) {
      const clause = part.replace(/^[\s,;:-]+|[\s,;:.!?]+$/g, '').trim();
      if (clause) clauses.push(clause);
    }
  }
  return clauses;
}

function article(word: string): string {
  // An acronym is said letter by letter: "an HR manager", "a UX designer".
  if (/^\p{Lu}{2,}\b/u.test(word)) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  return /^[aeiou]/i.test(word) && !/^(?:uni|use|eu)/i.test(word) ? 'an' : 'a';
}

/**
 * "a data engineer in Lisbon", "from Porto", "a backend developer at Globex", "data engineer in
 * Lisbon": the role, employer and place said after a name.
 */
function apposition(text: string, facts: ProfileFact[]): boolean {
  let rest = text
    .trim()
    // "Ola - a nurse": a dash or colon before the apposition is no part of it.
    .replace(/^[-–—:]+\s*/, '')
    .replace(/^(?:and\s+)?(?:I\s+am\s+)?(?:(?:working|employed)\s+as\s+(?=an?\s))?/i, '');
  if (rest === '') return true;
  const role =
    /^(?:(a|an)\s+)?((?:[\p{L}-]+\s+){0,3}?[\p{L}-]+?)(?=\s+(?:at|for|with|in|from|based|living|working|out\s+of)\b|\s*$)/iu.exec(
      rest,
    );
  if (role?.[2] && !/^(?:at|for|with|in|from|based|living|working|out)\b/i.test(role[2])) {
    // "UX designer", "QA lead": a capitalised role without "a" only when it starts with an acronym.
    if (!role[1] && /^\p{Lu}/u.test(role[2]) && !/^\p{Lu}{2,}\b/u.test(role[2])) return false;
    facts.push({
      slot: 'role',
      verb: `is ${role[1]?.toLowerCase() ?? article(role[2])}`,
      value: role[2],
    });
    rest = rest.slice(role[0].length).trim();
  }
  while (rest !== '') {
    // "at Paystack, living in Accra": the parts may be joined by a comma.
    rest = rest.replace(/^,\s*(?:and\s+)?/, '');
    const org =
      /^(?:working\s+)?(?:at|for|with)\s+([^,;.!?]+?)(?=\s+(?:in|from|based)\b|\s*,|$)/i.exec(rest);
    if (org?.[1]) {
      facts.push({ slot: 'employer', verb: 'works at', value: clean(org[1]) });
      rest = rest.slice(org[0].length).trim();
      continue;
    }
    const place =
      /^(from|based\s+in|based\s+out\s+of|living\s+in|located\s+in|out\s+of|in)\s+([^;.!?]+?)(?=\s+(?:at|for|working)\b|$)/i.exec(
        rest,
      );
    if (place?.[1] && place[2]) {
      const how = place[1].toLowerCase().replace(/\s+/g, ' ');
      const verb =
        how === 'in' || how === 'living in'
          ? 'lives in'
          : how === 'out of'
            ? 'is from'
            : `is ${how}`;
      facts.push({ slot: 'place', verb, value: clean(place[2]) });
      rest = rest.slice(place[0].length).trim();
      continue;
    }
    return facts.length > 0;
  }
  return true;
}

/** Places said as where the user lives, before those said as where they do something. */
const HOME_VERBS =
  /^(?:lives|is based|is located|is living|is from|moved to|relocated to|is moving to|grew up)\b/;

/** Whether a place fact says where the user lives ("lives in"), not where they do something. */
export function isHome(fact: ProfileFact): boolean {
  return fact.slot === 'place' && HOME_VERBS.test(fact.verb);
}

/** A regular verb in the third person singular: teach → teaches, study → studies, work → works. */
export function thirdSingular(verb: string): string {
  const lower = verb.toLowerCase();
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  return `${verb}s`;
}

const READERS: Reader[] = [
  // "I am Priya, a data engineer in Lisbon", "this is Kenji, a developer at Globex".
  (clause, facts) => {
    const m = new RegExp(
      String.raw`^(I\s+am|[Tt]his\s+is)\s+(${NAME})(?:\s*,\s*|\s+)?(.*)$`,
      'u',
    ).exec(clause);
    const name = m?.[2]?.split(/\s+/);
    if (!m || !name || NOT_NAMES.test(name[0] ?? '')) return false;
    // "This is Kestrel" names a thing as often as a person: an introduction says more after it.
    if (/^this/i.test(m[1] ?? '') && (m[3] ?? '').trim() === '') return false;
    const found: ProfileFact[] = [{ slot: 'name', verb: "'s name is", value: m[2]! }];
    if (!apposition(m[3] ?? '', found)) return false;
    facts.push(...found);
    return true;
  },
  // "Priya here, data engineer in Lisbon".
  (clause, facts) => {
    const m = new RegExp(String.raw`^(?:[Ii]t\s+is\s+)?(${NAME})\s+here\b[\s,]*(.*)$`, 'u').exec(
      clause,
    );
    if (!m?.[1] || NOT_NAMES.test(m[1])) return false;
    const found: ProfileFact[] = [{ slot: 'name', verb: "'s name is", value: m[1] }];
    apposition(m[2] ?? '', found);
    facts.push(...found);
    return true;
  },
  // "my name is Dana", "name's Jack" (said without "my", the name must be capitalised).
  (clause, facts) => {
    const m = new RegExp(
      String.raw`^(my\s+name\s+is|(?:the\s+)?name\s+is|I\s+am\s+called|I\s+go\s+by|I\s+am\s+named)\s+(${NAME}|\S+)\s*(?:,\s*)?(.*)$`,
      'iu',
    ).exec(clause);
    const [, lead = '', name = '', rest = ''] = m ?? [];
    if (!name || (/^(?:the\s+)?name\b/i.test(lead) && !/^\p{Lu}/u.test(name))) return false;
    const found: ProfileFact[] = [{ slot: 'name', verb: "'s name is", value: clean(name) }];
    apposition(rest, found);
    facts.push(...found);
    return true;
  },
  (clause, facts) => {
    const m = /^(?:please\s+)?(?:you\s+can\s+|people\s+)?call\s+me\s+([^,;.!?]+)$/i.exec(clause);
    if (!m?.[1]) return false;
    facts.push({ slot: 'name', verb: 'wants to be called', value: clean(m[1]) });
    return true;
  },
  // "I am a nurse based in Leeds", "I am from Porto".
  (clause, facts) => {
    const m =
      /^I\s+am\s+(?:(?:also|currently|now)\s+)?((?:an?|from|based|living|located)\s+.+)$/i.exec(
        clause,
      );
    if (!m?.[1] || /^an?\s+(?:bit|little|lot|big|huge|fan\s+of)\b/i.test(m[1])) return false;
    const found: ProfileFact[] = [];
    if (!apposition(m[1], found) || found.length === 0) return false;
    facts.push(...found);
    return true;
  },
  ...WORK_READERS,
  // "home for me is Kyoto", "my home is in Leeds".
  (clause, facts) => {
    const m = new RegExp(
      String.raw`^(?:home\s+(?:for\s+me\s+)?is|my\s+home\s+is(?:\s+in)?|I\s+(?:reside|am\s+living)\s+in)\s+(${NAME})$`,
      'u',
    ).exec(clause.replace(/^Home\b/, 'home').replace(/^My\b/, 'my'));
    if (!m?.[1] || NOT_NAMES.test(m[1])) return false;
    facts.push({ slot: 'place', verb: 'lives in', value: m[1] });
    return true;
  },
  (clause, facts) => {
    const m =
      /^I\s+(?:currently\s+|now\s+)?(live|moved|grew\s+up|am\s+moving|relocated)\s+(?:(?:just|right)\s+)?(?:in|to|(near|outside(?:\s+of)?|close\s+to|around))\s+([^,;.!?]+)$/i.exec(
        clause,
      );
    if (!m?.[1] || !m[3]) return false;
    const how = m[1].toLowerCase();
    // "I live just outside Dublin": near a place, said as it was.
    const near = m[2]?.toLowerCase().replace(/\s+/g, ' ');
    const verb =
      how === 'live'
        ? `lives ${near ?? 'in'}`
        : how === 'moved' || how === 'relocated'
          ? `${how} to`
          : how === 'grew up'
            ? 'grew up in'
            : 'is moving to';
    facts.push({ slot: 'place', verb, value: clean(m[3]) });
    return true;
  },
  // "I teach maths in Valencia", "I work remotely in Lisbon": where the user does what they do.
  (clause, facts) => {
    const m = new RegExp(
      String.raw`^I\s+(?:(?:currently|now|also|mostly)\s+)?(${PLACED_VERBS})\b((?:\s+(?!in\b)[\p{L}'-]+){0,4})\s+in\s+(${NAME})$`,
      'u',
    ).exec(clause);
    const [, verb = '', what = '', place = ''] = m ?? [];
    if (!place || NOT_NAMES.test(place.split(/\s+/)[0] ?? '') || NOT_PLACES.test(place))
      return false;
    facts.push({ slot: 'place', verb: `${thirdSingular(verb)}${what} in`, value: place });
    return true;
  },
  // "my manager is Tomás", "my cat is called Arean", "I report to Dana Smith".
  (clause, facts) => {
    const m = new RegExp(
      String.raw`^my\s+(${RELATIONS})('s\s+name)?\s+is\s+(called\s+|named\s+)?(${NAME})$`,
      'iu',
    ).exec(clause);
    if (m?.[1] && m[4]) {
      const relation = m[1].toLowerCase();
      const whose = m[2] ? `${relation}'s name` : relation;
      const named = m[3] ? ` ${m[3].trim().toLowerCase()}` : '';
      facts.push({ slot: 'person', relation, verb: `'s ${whose} is${named}`, value: m[4] });
      return true;
    }
    // "my friend Chloe is visiting", "I have a brother named Tom": a relation and a name.
    const named =
      new RegExp(
        String.raw`^my\s+(${RELATIONS}),?\s+(?!(?:is|was|and|has|had|will|said|says)\b)(${NAME})(?=[\s,]|$)`,
        'iu',
      ).exec(clause) ??
      new RegExp(
        String.raw`^I\s+(?:have|have\s+got|got)\s+an?\s+(?:(?:little|big|older|younger|twin|new)\s+)?(${RELATIONS})\s+(called|named)\s+(${NAME})$`,
        'iu',
      ).exec(clause);
    // The name's capitalised words only ("Chloe" in "my friend Chloe is visiting").
    const name = (named?.at(-1) ?? '')
      .split(/\s+/)
      .filter((word, i, words) => words.slice(0, i + 1).every((w) => /^\p{Lu}/u.test(w)))
      .join(' ');
    if (named?.[1] && /^\p{Lu}/u.test(name) && !NOT_NAMES.test(name.split(/\s+/)[0] ?? '')) {
      const relation = named[1].toLowerCase();
      const how = named.length === 4 ? ` ${named[2]?.toLowerCase() ?? ''}` : '';
      facts.push({ slot: 'person', relation, verb: `'s ${relation} is${how}`, value: name });
      return true;
    }
    const report = new RegExp(String.raw`^I\s+(?:report|answer)\s+to\s+(${NAME})$`, 'u').exec(
      clause,
    );
    if (report?.[1]) {
      facts.push({ slot: 'person', relation: 'manager', verb: 'reports to', value: report[1] });
      return true;
    }
    return false;
  },
  (clause, facts) => {
    const m =
      /^(?:I\s+am\s+(?:currently\s+|now\s+)?(working\s+on|building|developing|writing)|I\s+(?:currently\s+)?(work\s+on)|my\s+(?:current\s+|main\s+)?project\s+is)\s+(.+)$/i.exec(
        clause,
      );
    if (!m?.[3]) return false;
    const verb = m[1] ? `is ${m[1].toLowerCase()}` : m[2] ? 'works on' : 'is working on';
    facts.push({ slot: 'project', verb, value: clean(m[3]) });
    return true;
  },
  (clause, facts) => {
    const m =
      /^(?:I\s+am\s+(planning|going|hoping)\s+to|I\s+(plan|intend|hope)\s+to|my\s+plan\s+is\s+to|next\s+\w+\s+I\s+(?:will|am\s+going\s+to))\s+(.+)$/i.exec(
        clause,
      );
    if (!m?.[3]) return false;
    const verb = m[1]
      ? `is ${m[1].toLowerCase()} to`
      : m[2]
        ? `${m[2].toLowerCase()}s to`
        : 'plans to';
    facts.push({ slot: 'plan', verb, value: clean(m[3]) });
    return true;
  },
  // "next month I'm flying to Peru", "I'm planning a trip to Japan": a journey ahead.
  (clause, facts) => {
    const m = new RegExp(
      String.raw`^(?:${WHEN}\s*,?\s+)?I\s+am\s+(?:(?:also|soon|finally)\s+)?(?:(flying|travel+ing|heading|off|driving|sailing)\s+to|(planning|organi[sz]ing|booking|taking))\s+(${WHEN_OK})$`,
      'i',
    ).exec(clause);
    const [, going, planning, where = ''] = m ?? [];
    // A journey goes somewhere with a name ("flying to Peru"), not "heading to the shops".
    if (going && !/^\p{Lu}/u.test(where)) return false;
    if (
      !m ||
      (planning &&
        !/^(?:an?|my|our)\s+(?:\w+\s+)?(?:trip|holiday|vacation|visit|journey|tour|break)\b/i.test(
          where,
        ))
    )
      return false;
    const verb = going ? `is ${going.toLowerCase()} to` : `is ${planning?.toLowerCase() ?? ''}`;
    facts.push({ slot: 'plan', verb, value: clean(where) });
    return true;
  },
  // "my hobby is sailing", "in my free time I enjoy pottery", "I'm really into birdwatching".
  (clause, facts) => {
    const hobby =
      /^my\s+(?:favou?rite\s+|main\s+)?(hobby|hobbies|pastimes?|passion)\s+(is|are)\s+(.+)$/i.exec(
        clause,
      );
    if (hobby?.[1] && hobby[2] && hobby[3]) {
      const verb = `'s ${hobby[1].toLowerCase()} ${hobby[2].toLowerCase()}`;
      facts.push({ slot: 'hobby', verb, value: clean(hobby[3]) });
      return true;
    }
    const spare =
      /^(?:(?:in|during)\s+my\s+(?:free|spare|down)\s*time|for\s+fun|on\s+(?:the\s+)?weekends?|outside\s+(?:of\s+)?work)\s*,?\s+I\s+(?:(?:really|mostly|usually|often|also)\s+)*(like\s+to|love\s+to|enjoy|like|love|go)\s+(.+)$/i.exec(
        clause,
      ) ?? /^I\s+am\s+(?:(?:really|very|totally|big|quite|also)\s+)*(into)\s+(.+)$/i.exec(clause);
    const after =
      /^I\s+(?!(?:am|was|have|do|work|study|teach)\b)([a-z]+)\s+(.+?)\s+(?:for\s+fun|in\s+my\s+(?:free|spare|down)\s*time|on\s+(?:the\s+)?weekends|as\s+a\s+hobby)$/i.exec(
        clause,
      );
    if (after?.[1] && after[2]) {
      facts.push({
        slot: 'hobby',
        verb: thirdSingular(after[1].toLowerCase()),
        value: clean(after[2]),
      });
      return true;
    }
    if (!spare?.[1] || !spare[2] || /^(?:it|this|that|them|the\s+details?)\b/i.test(spare[2]))
      return false;
    const said = spare[1].toLowerCase();
    const verb = said === 'into' ? 'is into' : said.replace(/^\w+/, (word) => thirdSingular(word));
    facts.push({ slot: 'hobby', verb, value: clean(spare[2]) });
    return true;
  },
  // "I speak Greek and Finnish", "I'm fluent in Korean", "my native language is Polish".
  (clause, facts) => {
    const m =
      /^I\s+(?:(?:also|can\s+also|can|mostly)\s+)?(speak)\s+(.+)$|^I\s+am\s+(?:also\s+)?(fluent|native|bilingual)\s+in\s+(.+)$|^my\s+(native|first|mother)\s+(?:language|tongue)\s+is\s+(.+)$/i.exec(
        clause,
      );
    const said = m?.[2] ?? m?.[4] ?? m?.[6] ?? '';
    // A language has a name ("I speak Greek"): "I speak at conferences" says no language.
    const language = said.replace(
      /^(?:fluent|basic|some|good|decent|native|conversational|broken|a\s+(?:little|bit\s+of))\s+/i,
      '',
    );
    if (!m || !(/^\p{Lu}/u.test(language) || LANGUAGES.test(language))) return false;
    const verb = m[1]
      ? 'speaks'
      : m[3]
        ? `is ${m[3].toLowerCase()} in`
        : `'s ${m[5]?.toLowerCase() ?? ''} language is`;
    facts.push({ slot: 'language', verb, value: clean(said) });
    return true;
  },
  (clause, facts) => {
    const m = /^I\s+am\s+(?:currently\s+|now\s+)?(learning|studying)\s+(.+)$/i.exec(clause);
    if (!m?.[1] || !m[2]) return false;
    facts.push({ slot: 'learning', verb: `is ${m[1].toLowerCase()}`, value: clean(m[2]) });
    return true;
  },
  (clause, facts) => {
    const m =
      /^I\s+(?:(?:really|much|generally|usually|definitely|strongly)\s+)?(prefer|like|love|enjoy|hate|dislike)\s+(.+)$/i.exec(
        clause,
      );
    if (!m?.[1] || !m[2] || /^(?:to\s+be\s+called|it|that|this)\b/i.test(m[2])) return false;
    const verb = m[1].toLowerCase();
    const slot = verb === 'hate' || verb === 'dislike' ? 'dislike' : 'preference';
    facts.push({ slot, verb: `${verb}s`, value: clean(m[2]) });
    return true;
  },
];

/** What the text says about the user, one fact per clause (a clause may carry several). */
export function profileFacts(text: string): ProfileFact[] {
  const facts: ProfileFact[] = [];
  for (const clause of profileClauses(text)) {
    if (/\?$/.test(clause)) continue;
    const named = facts.some((fact) => fact.slot === 'name');
    if (READERS.some((read) => read(clause, facts))) continue;
    // "I'm Kofi. Software dev at Paystack, living in Accra.": after a name, what the person is.
    const told: ProfileFact[] = [];
    const lower = `${clause.charAt(0).toLowerCase()}${clause.slice(1)}`;
    if (named && apposition(lower, told) && told.length > 1) facts.push(...told);
  }
  return facts.filter((fact) => fact.value !== '' && fact.value.length <= 120);
}

/** A third-person verb in its plain form: has → have, studies → study, teaches → teach. */
function plainVerb(word: string): string {
  if (word === 'has') return 'have';
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(?:ss|sh|ch|x|o)es$/.test(word)) return word.slice(0, -2);
  return /[^s]s$/.test(word) && word !== 'was' ? word.slice(0, -1) : word;
}

/** A memory line written about the user ("User lives in Lisbon.", "Lives in Lisbon.") as said. */
export function asSaid(line: string): string {
  const text = line
    .trim()
    .replace(/^(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/^\[[^\]]*\]\s*/, '');
  const possessive = /^(?:the\s+)?user's\s+/i;
  if (possessive.test(text)) return text.replace(possessive, 'my ');
  const subject = /^(?:the\s+)?user\s+/i.exec(text);
  const rest = subject ? text.slice(subject[0].length) : text;
  const verb = /^(\p{L}+)\b(.*)$/u.exec(rest);
  if (!verb?.[1] || (!subject && !/^\p{Lu}/u.test(rest))) return text;
  const word = verb[1].toLowerCase();
  return `I ${word === 'is' ? 'am' : plainVerb(word)}${verb[2] ?? ''}`;
}

const THIRD: [RegExp, string][] = [
  [/\bmyself\b/gi, 'themselves'],
  [/\bmine\b/gi, 'theirs'],
  [/\b(?:my|our)\b/gi, 'their'],
  [/\bme\b/gi, 'them'],
  [/\bI\b/g, 'they'],
];
const SECOND: [RegExp, string][] = [
  [/\bmyself\b/gi, 'yourself'],
  [/\bmine\b/gi, 'yours'],
  [/\b(?:my|our)\b/gi, 'your'],
  [/\b(?:me|I)\b/g, 'you'],
];

function swap(text: string, table: [RegExp, string][]): string {
  let out = text;
  for (const [pattern, replacement] of table) out = out.replace(pattern, replacement);
  return out;
}

/** "lives in Lisbon", "'s manager is Tomás": the fact without its subject, in the third person. */
export function predicate(fact: ProfileFact): string {
  return `${fact.verb} ${swap(fact.value, THIRD)}`;
}

/** "User lives in Lisbon." (the subject is "User" unless another is given). */
export function inThirdPerson(fact: ProfileFact, subject = 'User'): string {
  const join = fact.verb.startsWith("'") ? '' : ' ';
  return `${subject}${join}${predicate(fact)}.`;
}

/** "You live in **Lisbon**", "Your manager is **Tomás**" (the value in bold), without a stop. */
export function inSecondPerson(fact: ProfileFact): string {
  const value = `**${swap(fact.value, SECOND)}**`;
  if (fact.verb.startsWith("'s ")) return `Your ${fact.verb.slice(3)} ${value}`;
  const [first = '', ...rest] = fact.verb.split(' ');
  const verb = first === 'is' ? 'are' : first === 'was' ? 'were' : plainVerb(first);
  return `You ${[verb, ...rest].join(' ')} ${value}`;
}
