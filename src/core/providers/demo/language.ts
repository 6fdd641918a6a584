// The Demo's reading of ordinary English: a deterministic normaliser (quotes, contractions, the
// lower-case "i"), a splitter into clauses ("Hi! My name is Dana and I like tea." is three), the
// polite wrappers a request may come in ("hey, could you please …"), and the rewriting of a
// statement into the third person for AGENTS.md ("I'm allergic to nuts" → "User is allergic to
// nuts."). Hand-written on purpose: the grammar is narrow (a few pronouns and verb forms), and a
// general NLP library would add hundreds of kilobytes to the page for it.

import { FIRST_PERSON_CONTRACTIONS, NOT_NAMES, thirdSingular } from '../../text/profile';

const CONTRACTIONS: [RegExp, string][] = [
  [/\b(what|that|it|there|here|who|where|how|name|when|why|which)'s\b/gi, '$1 is'],
  [/\b(what|where|who|how|why|when)'re\b/gi, '$1 are'],
  [/\bwhats\b/gi, 'what is'],
  [/\bcan't\b|\bcant\b/gi, 'cannot'],
  [/\bwon't\b/gi, 'will not'],
  [/\bshan't\b/gi, 'shall not'],
  [/\b(do|does|did|is|are|was|were|has|have|had|should|would|could|must|need)n't\b/gi, '$1 not'],
  [/\b(do|does|did|is|are|was|were|has|have|had|should|would|could)nt\b/gi, '$1 not'],
  ...FIRST_PERSON_CONTRACTIONS,
  [/\blet's\b/gi, 'let us'],
  [/\byou're\b/gi, 'you are'],
  [/\byou've\b/gi, 'you have'],
  [/\byou'll\b/gi, 'you will'],
  [/\byou'd\b/gi, 'you would'],
  [/\bthey're\b/gi, 'they are'],
  [/\bgonna\b/gi, 'going to'],
  // Chat shorthand.
  [/\bu\b(?!\.)/gi, 'you'],
  [/\bur\b/gi, 'your'],
  [/\babt\b/gi, 'about'],
  [/\bwat\b|\bwut\b/gi, 'what'],
  [/\bplz\b|\bpls\b/gi, 'please'],
  [/\bwanna\b/gi, 'want to'],
  [/\bgimme\b/gi, 'give me'],
  [/\blemme\b/gi, 'let me'],
  [/\bdunno\b/gi, 'do not know'],
  [/\bgotta\b/gi, 'have to'],
];

/**
 * The words the script keys on, for typo correction: a word one slip away from one of these
 * ("remeber", "fiels", "stratgies", "summarsie") is read as it. Long words allow any single
 * edit; short ones only two swapped neighbours, since one edit turns a short word into another
 * word. A dictionary library would be megabytes for a dozen keywords.
 */
const KEYWORDS = [
  'remember',
  'memory',
  'memories',
  'forget',
  'strategy',
  'strategies',
  'compaction',
  'summarize',
  'summarise',
  'summary',
  'summarization',
  'summarisation',
  'truncation',
  'offload',
  'offloading',
  'explain',
  'workspace',
  'folder',
  'folders',
  'directory',
  'files',
  'list',
  'show',
  'open',
  'what',
  'name',
  'please',
  'thanks',
  'favourite',
  'favorite',
  'arena',
  'inspector',
  'context',
  'everything',
];
const KEYWORD_SET = new Set(KEYWORDS);
/** Real words a slip away from a keyword, left alone. */
const NOT_TYPOS = new Set([
  'flies',
  'summaries',
  'summery',
  'content',
  'contest',
  'holders',
  'memorise',
  'strategise',
]);

/** Whether a and b differ by one edit (insertion, deletion, substitution or adjacent swap). */
function oneEdit(a: string, b: string, swapOnly: boolean): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    const diff: number[] = [];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
    if (diff.length === 2) {
      const [i, j] = diff as [number, number];
      return j === i + 1 && a[i] === b[j] && a[j] === b[i];
    }
    return !swapOnly && diff.length === 1;
  }
  if (swapOnly || Math.abs(a.length - b.length) !== 1) return false;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}

/** A keyword typed with one slip, spelled right (the capital of a first letter is kept). */
function corrected(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length < 4 || KEYWORD_SET.has(lower) || NOT_TYPOS.has(lower)) return word;
  const hit = KEYWORDS.find((key) => {
    // An inflection of a keyword is not a slip ("remembers", "folders").
    if (lower.startsWith(key) && /^(?:s|es|ed|d|ing|r|rs)$/.test(lower.slice(key.length)))
      return false;
    return oneEdit(lower, key, key.length < 7 || lower.length < 7);
  });
  if (!hit) return word;
  return /^[A-Z]/.test(word) ? `${hit.charAt(0).toUpperCase()}${hit.slice(1)}` : hit;
}

/**
 * Corrects keyword typos, word by word. Paths and file names are left as typed, and so is a
 * capitalised word inside a sentence: it may be a name ("my cat is called Arean").
 */
function correctTypos(text: string): string {
  return text.replace(
    /(^|[\s"'(,;:])([A-Za-z]{4,})(?=$|[\s"'),;:!?]|\.(?:\s|$))/g,
    (all: string, lead: string, word: string, offset: number) => {
      const before = text.slice(0, offset + lead.length).trimEnd();
      const starts = before === '' || /[.!?:"]$/.test(before);
      return /^[A-Z]/.test(word) && !starts ? all : `${lead}${corrected(word)}`;
    },
  );
}

/**
 * One line of plain text with straight quotes, contractions spelled out, a standalone "i"
 * written "I" and the script's keywords spelled right. Case is otherwise kept: names and paths
 * survive as typed.
 */
export function normalise(text: string): string {
  let out = text
    .replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u00ab\u00bb]/g, '"')
    .replace(/[\u2013\u2014]/g, ' - ')
    .replace(/\u2026/g, '...')
    .replace(/[ \t\u00a0]+/g, ' ')
    .trim();
  out = out.replace(/(^|[\s"(])i(?=$|[\s,.!?;:'"])/g, '$1I');
  out = correctTypos(out);
  for (const [pattern, replacement] of CONTRACTIONS) out = out.replace(pattern, replacement);
  // "I am" keeps the capital even when the contraction was typed "i'm".
  return out.replace(/\bi am\b/g, 'I am');
}

/** Words that begin a new clause after "and", "but", "then" or a comma. */
const CLAUSE_START = String.raw`(?:I|my\s+(?:\S+\s+){0,3}(?:is|are|was|were)|please|also|then|can\s+you|could\s+you|would\s+you|will\s+you|remember|note|keep\s+in\s+mind|don't\s+forget|do\s+not\s+forget|list|show|open|read|search|grep|find|glob|what|who|where|which|tell|call\s+me|from\s+now\s+on|always|never|summari[sz]e|explain|write|run|save|store|forget)\b`;
const CONNECTIVE = new RegExp(
  // "create ideas.md and write 'ship it' in it" is one request.
  String.raw`\s*(?:,\s*(?:and\s+|but\s+|so\s+|then\s+|and\s+then\s+|also\s+)?|\s(?:and|but|and\s+then|then|so|plus)\s+)(?:that\s+(?=(?:I|my)\b))?(?=${CLAUSE_START})(?!(?:write|put|add|save)\s.*\b(?:in|into|inside|to)\s+it[\s.!?]*$)`,
  'i',
);

/**
 * The clauses of a message, in order: sentences (split after . ! ? ; and at line breaks), each
 * split again where "and", "but", "then" or a comma starts a new clause ("My name is Dana and I
 * like tea", "I prefer tabs, remember that"). "I like tea and coffee" stays one clause.
 */
export function splitClauses(text: string): string[] {
  const sentences = normalise(text.replace(/\r?\n+/g, '. '))
    // A dot inside a file name (todo.md, v1.2) is not a sentence end: it needs a space after it.
    .split(/(?<=[.!?;])\s+|(?<=[!?])(?=[A-Z])/)
    .map((s) => s.trim())
    .filter(Boolean);
  const clauses: string[] = [];
  for (const sentence of sentences) {
    let lead = '';
    for (const part of sentence.split(CONNECTIVE)) {
      const clean = part.replace(/^[\s,;:-]+|[\s,;:]+$/g, '').trim();
      if (!clean || /^[.!?]+$/.test(clean)) continue;
      // "From now on, please reply in Spanish": a lead-in belongs to what follows it.
      if (LEAD_IN.test(clean)) {
        lead = `${lead}${clean}, `;
        continue;
      }
      clauses.push(`${lead}${clean}`);
      lead = '';
    }
    if (lead) clauses.push(lead.replace(/,\s*$/, ''));
  }
  return clauses;
}

/** Words that make a request a standing rule: "from now on", "going forward", "by default"… */
export const STANDING = String.raw`(?:from\s+now\s+on|going\s+forward|moving\s+forward|from\s+here\s+on(?:\s+out)?|from\s+this\s+point\s+on|in\s+(?:the\s+)?future|henceforth|for\s+the\s+rest\s+of\s+(?:this|our|the)\s+(?:chat|conversation|session|thread)|by\s+default|(?:in|for)\s+(?:all|every)\s+(?:future\s+)?(?:answers?|replies|reply|responses?|messages?))`;

/** Words that only introduce the clause after them. */
const LEAD_IN = new RegExp(
  String.raw`^(?:${STANDING}|also|btw|by\s+the\s+way|fyi|heads[\s-]up|for\s+the\s+record|for\s+future\s+reference|actually|oh|and|so|ok(?:ay)?(?:\s+so)?|alright|all\s+right|right|well|um+|hmm+)$`,
  'i',
);

/** Verbs of a request a wrapper like "I need you to" may come before. */
const REQUEST_VERBS = String.raw`list|open|show|read|search|find|look|remember|note|tell|explain|summari[sz]e|run|write|create|make|give|check|grep|glob|forget|delete|remove|erase|drop|wipe|clear|scrub|get\s+rid|stop|draft|jot|save|start|set\s+up|put|add|print|display|view|pull\s+up|bring\s+up|compare|count|weigh|help|cat`;

const GREETING_WORDS = String.raw`(?:hi|hello|hey|hiya|heya|howdy|yo|greetings|hallo|hola|hi\s+hi|hey\s+hey|g'day|(?:good\s+)?(?:morning|afternoon|evening)|good\s+day|(?:nice|pleased|good|great)\s+to\s+meet\s+you)`;
export const GREETING = new RegExp(
  String.raw`^${GREETING_WORDS}(?:\s+(?:there|again|demo|bot|friend|everyone|all|you))*[\s,.!]*$`,
  'i',
);
const GREETING_PREFIX = new RegExp(
  String.raw`^${GREETING_WORDS}(?:\s+(?:there|again|demo|bot|friend))?(?:\s*[,!.:-]+\s*|\s+(?=(?:can|could|would|will|please|what|who|where|how|when|which|why|do|does|did|is|are|am|should|quick|ok|so|I|my|let|${REQUEST_VERBS})\b))`,
  'i',
);

/** Wrappers that carry no meaning for the script: "please", "could you", "I'd like you to"… */
const POLITE_PREFIX = new RegExp(
  String.raw`^(?:` +
    [
      String.raw`please|pls|plz|kindly|ok(?:ay)?|alright|all\s+right|so|now|also|and|then|well|oh|um+|hmm+|right|just|quickly|first(?:ly)?|next|finally|btw|by\s+the\s+way|actually`,
      String.raw`(?:can|could|would|will)\s+you(?:\s+please)?(?:\s+(?:just|quickly|also))?`,
      String.raw`(?:would|do)\s+you\s+mind`,
      // Not before a standing rule ("I want you to answer in French"): only before a request.
      String.raw`I\s+(?:would\s+like|want|need)\s+you\s+to(?=\s+(?:${REQUEST_VERBS})\b)`,
      String.raw`I\s+(?:was\s+wondering|wonder|am\s+wondering)\s+(?:if|whether)\s+you\s+(?:could|would|can|might)(?:\s+(?:please|possibly|maybe))?|(?:any\s+chance|do\s+you\s+think)\s+you\s+(?:could|can|would)|(?:can|could|would)\s+you\s+(?:possibly|maybe|kindly)|would\s+it\s+be\s+possible\s+(?:for\s+you\s+)?to`,
      String.raw`(?:I\s+would\s+like\s+to|I\s+want\s+to|let\s+me|let\s+us|(?:can|could|may)\s+I|(?:can|could|shall)\s+we)\s+(?=(?:see|view|look|check|read|know|have\s+a\s+look)\b)`,
      String.raw`(?:show|tell)\s+me(?=\s+what\s+(?:is|are)\s+(?:in|inside|under|within)\b)|go\s+ahead\s+and|help\s+me(?=\s+(?:find|list|open|read|search|remember|see)\b)`,
      String.raw`is\s+it\s+possible\s+to|are\s+you\s+able\s+to`,
      String.raw`(?:a\s+)?(?:quick|small|simple)\s+(?:question|one|thing|request)|one\s+more\s+(?:question|thing)|question\s+for\s+you`,
    ].join('|') +
    String.raw`)\b[\s,:]*`,
  'i',
);

/**
 * A question said inside a request ("remind me what I told you", "show me what files there are",
 * "do you know what my name is"): the request is the question itself.
 */
const EMBEDDED = new RegExp(
  String.raw`^(?:(?:remind|tell|show|give|ask)\s+(?:me|us)|know|see|find\s+out|understand|learn|(?:do|did)\s+you\s+(?:know|remember|recall)|I\s+(?:want|would\s+like|need)\s+to\s+(?:know|see)|I\s+(?:wonder|was\s+wondering|forgot|forget|cannot\s+remember|do\s+not\s+remember|cannot\s+recall|do\s+not\s+recall|do\s+not\s+know)|any\s+idea)\s+(?=(?:what|who|where|when|which|how|whether|if)\b)(?!(?:if|whether)\s+you\s+(?:could|would|can|might)\b)`,
  'i',
);

/** A courtesy, emoticon or emoji at the end of a clause. */
const TAIL =
  /(?:[\s,]+(?:please|pls|for\s+me|thanks|thank\s+you|thx|ty|if\s+you\s+can|if\s+possible|real\s+quick|(?:right\s+)?now|at\s+the\s+moment|btw|by\s+the\s+way|lol|haha|:\)|:-\)|:D|;\))|\s*(?:\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\u{FE0F}|\u{200D})+)[\s.!?]*$/iu;

export interface Unwrapped {
  text: string;
  greeted: boolean;
}

/**
 * The clause without its polite wrappers and leading greeting ("Hey, could you please list the
 * files?" → "list the files"), and whether a greeting was there. A trailing "?" is kept: it tells
 * a question from a statement.
 */
export function unwrap(clause: string): Unwrapped {
  let text = clause.trim();
  let greeted = false;
  let embedded = false;
  for (let i = 0; i < 8; i++) {
    const before = text;
    const greeting = GREETING_PREFIX.exec(text);
    if (greeting && text.length > greeting[0].length) {
      greeted = true;
      text = text.slice(greeting[0].length);
    }
    const stripped = text.replace(POLITE_PREFIX, '');
    // "ok" alone is an answer in itself, not a wrapper.
    if (stripped.replace(/[\s.!?]+/g, '') !== '') text = stripped;
    if (EMBEDDED.test(text)) {
      embedded = true;
      text = text.replace(EMBEDDED, '');
    }
    if (text === before) break;
  }
  const asked = /\?\s*$/.test(text);
  // Trailing courtesies and emoji, however many: "… please? thanks 🙂".
  for (let i = 0; i < 4 && TAIL.test(text); i++) text = text.replace(TAIL, '');
  const question = embedded || asked || /\?\s*$/.test(text);
  text = text
    .replace(/[\s.!;,]+$/, '')
    .replace(/\?+$/, '')
    .trim();
  return { text: question ? `${text}?` : text, greeted };
}

// --- Third person ---------------------------------------------------------------------------------

const MODALS = new Set([
  'can',
  'cannot',
  'will',
  'would',
  'should',
  'must',
  'might',
  'could',
  'may',
  'shall',
]);
const ADVERBS = new Set([
  'always',
  'usually',
  'often',
  'really',
  'generally',
  'mostly',
  'also',
  'only',
  'never',
  'rarely',
  'sometimes',
  'still',
  'mainly',
  'normally',
  'typically',
  'just',
  'actually',
  'definitely',
  'strongly',
  'absolutely',
  'totally',
  'currently',
  'now',
  'much',
]);
/** Preference verbs after which "always" says nothing a memory file does not already say. */
const PREFERENCE_VERBS = /^(?:want|prefer|like|love|need)$/;
const IRREGULAR_PAST = new Set(
  'was were had did went made got said knew took came saw ate drank began became wrote spoke left lost moved grew thought felt found gave kept told bought brought built taught fell ran sat stood understood'.split(
    ' ',
  ),
);
const PRONOUNS: [RegExp, string][] = [
  [/\bI am\b/g, 'they are'],
  [/\bI was\b/g, 'they were'],
  [/\bmyself\b/gi, 'themselves'],
  [/\bmine\b/gi, 'theirs'],
  [/\bmy\b/gi, 'their'],
  [/\bme\b/gi, 'them'],
  [/\bI\b/g, 'they'],
];

/** The third-person singular of a present-tense verb: prefer → prefers, have → has, try → tries. */
export function thirdPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  if (MODALS.has(lower) || IRREGULAR_PAST.has(lower) || /ed$/.test(lower)) return verb;
  if (lower === 'am') return 'is';
  if (lower === 'have') return 'has';
  if (lower === 'do') return 'does';
  return thirdSingular(verb);
}

/** The rest of a statement with first-person words turned into "they", "their", "them". */
function otherPronouns(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PRONOUNS) out = out.replace(pattern, replacement);
  return out;
}

function sentence(text: string): string {
  const clean = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["']+|["']+$/g, '')
    .replace(/[\s.!?;,:]+$/, '')
    .trim();
  if (clean === '') return '';
  return `${clean.charAt(0).toUpperCase()}${clean.slice(1)}.`;
}

/**
 * A statement rewritten for the memory file, in the third person: "my name is Dana" → "User's name
 * is Dana.", "I always want answers in bullet points" → "User wants answers in bullet points.",
 * "from now on, always answer in French" → "Always answer in French.". A statement about something
 * else stays as said ("The staging server is called Kestrel.").
 */
export function thirdPerson(statement: string): string {
  const text = normalise(statement)
    .replace(/^(?:that|how|the\s+fact\s+that)\s+(?=(?:I|my)\b)/i, '')
    .replace(new RegExp(String.raw`^${STANDING}[\s,]*`, 'i'), '')
    .replace(new RegExp(String.raw`[\s,]+${STANDING}[\s.!]*$`, 'i'), '')
    .trim();

  const name =
    /^(?:my\s+name\s+is|the\s+name\s+is|name\s+is|I\s+am\s+called|I\s+go\s+by)\s+(.+)$/i.exec(text);
  if (name) return sentence(`User's name is ${name[1]}`);
  const call =
    /^(?:please\s+)?(?:call\s+me|you\s+can\s+call\s+me|people\s+call\s+me)\s+(.+)$/i.exec(text);
  if (call) return sentence(`User wants to be called ${otherPronouns(call[1] ?? '')}`);
  const wantsYou = /^I\s+(?:always\s+)?(?:want|would\s+like|need)\s+you\s+to\s+(.+)$/i.exec(text);
  if (wantsYou) return sentence(instruction(wantsYou[1] ?? ''));
  if (/^(?:always|never|do\s+not|don't|please\s+(?:always|never))\b/i.test(text))
    return sentence(instruction(text.replace(/^please\s+/i, '')));
  // "I'm Marco": a capitalised single word after "I am" is a name.
  const introduced = /^I\s+am\s+([A-Z][\p{L}'-]+)$/u.exec(text);
  if (introduced?.[1] && !NOT_NAMES.test(introduced[1]))
    return sentence(`User's name is ${introduced[1]}`);
  // "please reply in Spanish" said as a standing rule: an instruction to the agent.
  if (!/^(?:I|my)\b/i.test(text) && /^please\s+\w/i.test(text))
    return sentence(instruction(text.replace(/^please\s+/i, '')));

  const mine = /^my\s+(.+)$/i.exec(text);
  if (mine) return sentence(`User's ${otherPronouns(mine[1] ?? '')}`);

  const subject = /^I\s+(.+)$/.exec(text);
  if (!subject) return sentence(otherPronouns(text));
  const words = (subject[1] ?? '').split(' ');
  const lead: string[] = [];
  while (words.length > 1 && ADVERBS.has((words[0] ?? '').toLowerCase()))
    lead.push(words.shift() ?? '');
  const verb = words.shift() ?? '';
  const rest = otherPronouns(words.join(' '));
  const lower = verb.toLowerCase();
  // "I always want …": the memory file keeps it for good anyway.
  const adverbs = PREFERENCE_VERBS.test(lower)
    ? lead.filter(
        (word) => !/^(?:always|really|definitely|strongly|absolutely|totally)$/i.test(word),
      )
    : lead;
  let phrase: string;
  if (lower === 'am') phrase = `is ${rest}`;
  else if (lower === 'was') phrase = `was ${rest}`;
  else if (lower === 'would' && /^(?:like|love|prefer|rather)\b/i.test(rest))
    phrase = `would ${rest}`;
  else if (adverbs.length > 0) phrase = `${adverbs.join(' ')} ${thirdPersonVerb(verb)} ${rest}`;
  else phrase = `${thirdPersonVerb(verb)} ${rest}`;
  if (adverbs.length > 0 && (lower === 'am' || lower === 'was'))
    phrase = `${lower === 'am' ? 'is' : 'was'} ${adverbs.join(' ')} ${rest}`;
  return sentence(`User ${phrase}`);
}

/** An instruction to the agent, with the user as "the user": "always answer me in French". */
function instruction(text: string): string {
  return text
    .replace(/\bmyself\b/gi, 'the user')
    .replace(/\bmine\b/gi, "the user's")
    .replace(/\bmy\b/gi, "the user's")
    .replace(/\bme\b/gi, 'the user')
    .replace(/\bI am\b/g, 'the user is')
    .replace(/\bI\b/g, 'the user')
    .replace(/^do not\b/i, 'Do not');
}

/** The end of a pattern for a whole clause: an optional question mark. */
export const END = String.raw`\s*\??$`;
