// Paraphrases, a second vocabulary (issue 33): written after the fixes for paraphrase.test.ts and
// before this file was ever run, with other words, other people and other sentence shapes, so
// that it measures how far those fixes carry to phrasings they were not made for (as a blind set
// does). Same wrappers and the same check as paraphrase.test.ts (playRow), another seed.
// First rates, before any fix for this file: recall 30/39, introduction 21/24, forget 26/30,
// write 27/30, open 27/30, compare 24/24, tokens 12/24 (167/201, 83%: as the blind sets found,
// each new vocabulary finds new holes).
import { describe, expect, it } from 'vitest';
import { SAVED, TOKENS, removal, type Row } from '../../../../tests/fixtures/demo-session';
import {
  paraphraseRate,
  paraphraser,
  type ParaphraseRow,
} from '../../../../tests/fixtures/demo-session-paraphrase';

const { random, pick, request, phrase, question } = paraphraser(33_005);

const PEOPLE = ['Oskar', 'Fatima', 'Bruno', 'Mei', 'Anika', 'Joaquin'];
const TOWNS = ['Bergen', 'Valparaiso', 'Leipzig', 'Kyoto', 'Adelaide', 'Cordoba'];
const TRADES = ['dentist', 'electrician', 'product manager', 'translator', 'baker'];
const FIRMS = ['Philips', 'Canva', 'Nestle', 'Zalando', 'Bosch'];

// --- Recall ----------------------------------------------------------------------------------------

const RECALL: [tell: (v: string) => string, ask: string[], values: readonly string[]][] = [
  [
    (v) => `the name's ${v}`,
    ['say my name', 'what name did I give you', 'do you know my name'],
    PEOPLE,
  ],
  [
    (v) => `I reside in ${v}`,
    ['where do I reside', 'where is home for me', 'which city do I live in'],
    TOWNS,
  ],
  [(v) => `home for me is ${v}`, ['where do I live', 'where am I living'], TOWNS],
  [
    (v) => `by profession I'm a ${v}`,
    ['what is it I do', "what's my profession again", 'what did I say my job was'],
    TRADES,
  ],
  [
    (v) => `I've been working at ${v} for two years`,
    ['where am I employed', 'which company is my employer', 'where do I work'],
    FIRMS,
  ],
  [
    (v) => `my husband is ${v}`,
    ["who's my husband", 'what is my husband called', 'who is my partner'],
    PEOPLE,
  ],
  [(v) => `my sister's called ${v}`, ["what's my sister's name", 'who is my sister'], PEOPLE],
  [(v) => `my mum's name is ${v}`, ['what is my mum called', "what's my mother's name"], PEOPLE],
  [
    (v) => `my cat's name is ${v}`,
    ["what's the name of my cat", 'what did I call my cat', "what's my cat called"],
    ['Whiskers', 'Nori', 'Ziggy'],
  ],
  [
    (v) => `this summer I'm travelling to ${v}`,
    ['where am I off to', 'what trip am I planning', 'what are my travel plans'],
    ['Chile', 'Vietnam', 'Norway'],
  ],
  [
    (v) => `I speak fluent ${v}`,
    ['which languages can I speak', 'what languages do I speak'],
    ['Italian', 'Dutch', 'Swahili'],
  ],
  [
    (v) => `my favourite pastime is ${v}`,
    ['what are my interests', 'what do I do in my spare time', "what's my favourite pastime"],
    ['knitting', 'chess', 'gardening'],
  ],
  [
    (v) => `on weekends I go ${v}`,
    ['what do I do on weekends', 'what are my hobbies'],
    ['hiking', 'surfing', 'fishing'],
  ],
];

function recallRows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const [tell, ask, values] = RECALL[i % RECALL.length]!;
    const value = pick(values);
    return { before: [tell(value)], say: question(pick(ask)), calls: [], answer: [value] };
  });
}

// --- Introductions ------------------------------------------------------------------------------

function introRows(count: number): Row[] {
  const forms: ((n: string, j: string, c: string, e: string) => [string, string[]])[] = [
    (n, j, c) => [`Hey! I'm ${n}, I work as a ${j} in ${c}`, [j, c]],
    (n, _j, c) => [`hello, my name is ${n} and I'm from ${c}`, [c]],
    (n, j, _c, e) => [`${n} here - ${j} at ${e}`, [j, e]],
    (n, j, _c, e) => [`hi I am ${n}, working as a ${j} for ${e}`, [j, e]],
    (n, _j, c) => [`I'm ${n} and I live in ${c}`, [c]],
    (n, j) => [`Name's ${n}, I'm a ${j}`, [j]],
    (n, j, _c, e) => [`My name is ${n}. I'm a ${j} at ${e}.`, [j, e]],
    (n, j, c) => [`good evening! I am ${n}, a ${j} based in ${c}`, [j, c]],
  ];
  return Array.from({ length: count }, (_, i) => {
    const name = pick(PEOPLE);
    const [say, facts] = forms[i % forms.length]!(name, pick(TRADES), pick(TOWNS), pick(FIRMS));
    return {
      say,
      calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
      answer: [SAVED],
      memory: [`- User's name is ${name}.`, ...facts],
    };
  });
}

// --- Forget ----------------------------------------------------------------------------------------

const TOLD: [say: string, line: string, word: string, named: string[]][] = [
  [
    "I'm vegetarian",
    'User is vegetarian.',
    'vegetarian',
    ["that I'm vegetarian", 'the vegetarian thing', 'my diet', 'that I am a vegetarian'],
  ],
  [
    'I have two cats',
    'User has two cats.',
    'cats',
    ['the cats', 'that I have two cats', 'the bit about my cats', 'my cats'],
  ],
  [
    'I moved to Bergen',
    'User moved to Bergen.',
    'Bergen',
    ['where I live', 'my city', 'Bergen', 'that I moved to Bergen'],
  ],
  [
    'my manager is Anika',
    "User's manager is Anika.",
    'Anika',
    ['my manager', 'who my manager is', 'Anika', 'my manager Anika'],
  ],
  [
    "I'm a baker",
    'User is a baker.',
    'baker',
    ['my job', 'what I do for work', 'that I am a baker', 'my profession'],
  ],
];
const FORGET_FORMS = [
  (w: string) => request(`forget ${w}`),
  (w: string) => request(`remove ${w} from your memory`),
  (w: string) => request(`erase ${w}`),
  (w: string) => phrase(`you can forget ${w}`),
  (w: string) => phrase(`no need to remember ${w}`),
  (w: string) => phrase(`feel free to delete ${w}`),
  (w: string) => request(`delete ${w} from memory`),
  (w: string) => phrase(`please stop remembering ${w}`),
];

function forgetRows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const [said, line, word, named] = TOLD[i % TOLD.length]!;
    return {
      before: [said],
      say: pick(FORGET_FORMS)(pick(named)),
      calls: [removal(line)],
      answer: [word],
      forgotten: [word],
    };
  });
}

// --- Write a file ------------------------------------------------------------------------------------

function writeRows(count: number): Row[] {
  // Each form with how it is said: "new file X with Y" has no verb to put "could you" before.
  const given: [(p: string, c: string) => string, typeof request][] = [
    [(p, c) => `create ${p} and put ${c} in it`, request],
    [(p, c) => `new file ${p} with ${c}`, phrase],
    [(p, c) => `make me a file called ${p} containing ${c}`, request],
    [(p, c) => `write ${c} into ${p}`, request],
    [(p, c) => `add a file ${p} that reads ${c}`, request],
    [(p, c) => `save a file named ${p} with the content ${c}`, request],
  ];
  const described: ((p: string, t: string) => string)[] = [
    (p, t) => `draft a checklist for ${t} in ${p}`,
    (p, t) => `put together a plan for ${t} in ${p}`,
    (p, t) => `make a file ${p} with ideas for ${t}`,
    (p, t) => `create ${p} about ${t}`,
  ];
  return Array.from({ length: count }, () => {
    const path = pick([
      'todo/today.md',
      'shopping.md',
      'notes/thesis.md',
      'reading-list.md',
      'home/chores.txt',
    ]);
    const full = `/${path}`;
    if (random() < 0.6) {
      const content = pick(['Renew the passport', 'Fix the bike light', 'Email the landlord']);
      const [form, said] = pick(given);
      return {
        say: said(form(path, content)),
        calls: [['write_file', { file_path: full }]],
        answer: [full],
        files: { [full]: [content] },
      };
    }
    const topic = pick(['moving house', 'my thesis', 'a camping trip']);
    return {
      say: request(pick(described)(path, topic)),
      calls: [['write_file', { file_path: full }]],
      answer: [full],
      files: { [full]: [topic.replace(/^my\s+/, '')] },
    };
  });
}

// --- Open a file -------------------------------------------------------------------------------------

function openRows(count: number): ParaphraseRow[] {
  const forms: [string, string][] = [
    ['open up the todo', 'Cache responses for ten minutes.'],
    ['can I see the readme', 'weather-cli'],
    ['show the contents of notes/todo.md', 'Cache responses for ten minutes.'],
    ["what's inside src/forecast.ts", 'formatForecast'],
    ["let's look at the forecast file", 'formatForecast'],
    ['read me the todo list', 'Cache responses for ten minutes.'],
    ['open todo.md from notes', 'Cache responses for ten minutes.'],
    ['display the readme file', 'weather-cli'],
    ['give me the forecast.ts file', 'formatForecast'],
    ['I want to see the todo file', 'Cache responses for ten minutes.'],
  ];
  return Array.from({ length: count }, (_, i) => {
    const [core, shows] = forms[i % forms.length]!;
    // A question, a request, or a phrase with its own wrapper ("let's look at …").
    const say = /^(?:what|can|I)\b/.test(core)
      ? question(core)
      : /^let's\b/.test(core)
        ? phrase(core)
        : request(core);
    return { say, calls: [], answer: [shows], open: true };
  });
}

// --- Compare strategies --------------------------------------------------------------------------------

function compareRows(count: number): Row[] {
  const forms: [string, string, string][] = [
    ["what's better: RAG or a sliding window", 'Retrieval', 'Sliding window'],
    ['sliding window versus knowledge graph, which one', 'Sliding window', 'Graph'],
    ['retrieval vs. paging', 'Retrieval', 'OS-like paging'],
    ['how do graph memory and summarization compare', 'Graph', 'Summarization'],
    ['compare the hierarchical and compression strategies', 'Hierarchical', 'Compression'],
    ['difference between RAG and MemGPT-style paging', 'Retrieval', 'OS-like paging'],
    ['tell me how summarization stacks up against retrieval', 'Summarization', 'Retrieval'],
    ['when would I pick sequential over memory-augmented', 'Sequential', 'Memory-augmented'],
  ];
  return Array.from({ length: count }, (_, i) => {
    const [core, a, b] = forms[i % forms.length]!;
    return { say: question(core, true), calls: [], answer: [`**${a}**`, `**${b}**`] };
  });
}

// --- Tokens ----------------------------------------------------------------------------------------

function tokenRows(count: number): Row[] {
  const asks = [
    'token count',
    'how many tokens are we at',
    "what's the token total",
    'how expensive has this been',
    'how much context is left',
    'are we close to the context limit',
    'tokens so far',
    'give me a token breakdown',
  ];
  return Array.from({ length: count }, (_, i) => ({
    before: ['hello'],
    say: question(asks[i % asks.length]!, true),
    calls: [],
    answer: [TOKENS],
  }));
}

const KINDS: Record<string, ParaphraseRow[]> = {
  recall: recallRows(39),
  introduction: introRows(24),
  forget: forgetRows(30),
  write: writeRows(30),
  open: openRows(30),
  compare: compareRows(24),
  tokens: tokenRows(24),
};

/** The lowest rate a kind may have. */
const GOAL = 0.95;

describe('paraphrases of each kind of request, a second vocabulary', () => {
  for (const [kind, rows] of Object.entries(KINDS))
    it(`${kind}: understood at ${GOAL * 100}% or more`, async () => {
      const { understood, missed } = await paraphraseRate(rows);
      console.log(`fresh ${kind}: ${understood}/${rows.length}\n  ${missed.join('\n  ')}`);
      expect(understood / rows.length).toBeGreaterThanOrEqual(GOAL);
    }, 120_000);
});
