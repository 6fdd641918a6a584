// Paraphrases (issue 33): for each kind of request the Demo must understand, many phrasings
// composed from independent parts (a lead-in, a verb or question form, the thing asked about, a
// tail, the case), drawn with a fixed seed, each played through the real agent loop, the app's
// pipeline and the sample workspace (tests/fixtures/demo-session.ts `playRow`). The vocabulary
// below was written from how people talk, not from the held-out sets or the Demo's patterns, so
// that a fix for one sentence does not pass here: a fifth blind set is the judge. The rate per
// kind and every miss are printed.
// First rates, on the Demo before any fix for them: recall 41/60, introduction 30/40, forget
// 27/48, write 22/48, open 33/48, compare 31/48, tokens 29/40 (213/332, 64%). After general fixes
// (wrappers, synonym tables, more sentence shapes; families.test.ts holds other sentences of each
// family and the near misses): 331/332, the one left "please delete dark mode" (a bare noun after
// "delete", without "from memory", may name anything: it is left unread on purpose).
import { describe, expect, it } from 'vitest';
import {
  SAVED,
  TOKENS,
  removal,
  type Call,
  type Row,
} from '../../../../tests/fixtures/demo-session';
import {
  paraphraseRate,
  paraphraser,
  type ParaphraseRow,
} from '../../../../tests/fixtures/demo-session-paraphrase';

const { random, pick, request, phrase, question } = paraphraser(20261128);

// --- The vocabulary ----------------------------------------------------------------------------------

const NAMES = ['Ingrid', 'Tomasz', 'Aiko', 'Rafael', 'Chloe', 'Kwame', 'Lucia', 'Desmond'];
const CITIES = ['Porto', 'Krakow', 'Denver', 'Osaka', 'Nantes', 'Accra', 'Hobart', 'Tallinn'];
const JOBS = ['pharmacist', 'civil engineer', 'librarian', 'data analyst', 'carpenter', 'pilot'];
const EMPLOYERS = ['Siemens', 'Spotify', 'Deloitte', 'Unilever', 'Atlassian', 'Ikea'];

// --- Recall ----------------------------------------------------------------------------------------

interface Said {
  /** What the user said, the ways to say it. */
  tell: (v: string) => string[];
  /** Ways to ask for it back. */
  ask: string[];
  values: readonly string[];
}

const RECALLED: Record<string, Said> = {
  name: {
    tell: (v) => [`my name is ${v}`, `I'm ${v}`, `call me ${v}`, `hi, ${v} here`],
    ask: [
      "what's my name",
      'do you remember my name',
      'what did I say my name was',
      'who am I',
      'what am I called',
      'can you tell me my name',
      'remind me what my name is',
    ],
    values: NAMES,
  },
  city: {
    tell: (v) => [`I live in ${v}`, `I'm based in ${v}`, `I moved to ${v} last year`],
    ask: [
      'where do I live',
      'what city do I live in',
      'which city am I based in',
      'where am I based',
      'remind me where I live',
      'do you know where I live',
      'what town am I in',
    ],
    values: CITIES,
  },
  job: {
    tell: (v) => [`I'm a ${v}`, `I work as a ${v}`, `I'm working as a ${v}`],
    ask: [
      "what's my job",
      'what do I do',
      'what is my profession',
      'what do I do for work',
      "what's my occupation",
      'what did I say I do for a living',
      'what is my line of work',
    ],
    values: JOBS,
  },
  employer: {
    tell: (v) => [`I work at ${v}`, `I work for ${v}`, `I'm employed at ${v}`],
    ask: [
      'where do I work',
      'who do I work for',
      'which company do I work at',
      "who's my employer",
      'what company do I work for',
      'who employs me',
    ],
    values: EMPLOYERS,
  },
  wife: {
    tell: (v) => [`my wife is ${v}`, `my wife's name is ${v}`, `my wife is called ${v}`],
    ask: [
      "what's my wife's name",
      'who is my wife',
      'what is my wife called',
      'who am I married to',
    ],
    values: NAMES,
  },
  brother: {
    tell: (v) => [
      `my brother is called ${v}`,
      `my brother's name is ${v}`,
      `I have a brother named ${v}`,
    ],
    ask: ["what's my brother's name", 'who is my brother', "what's my brother called"],
    values: NAMES,
  },
  manager: {
    tell: (v) => [`my manager is ${v}`, `my boss is called ${v}`, `my manager's name is ${v}`],
    ask: ["who's my manager", 'who is my boss', "what's my manager's name", 'who do I report to'],
    values: NAMES,
  },
  friend: {
    tell: (v) => [
      `my best friend is ${v}`,
      `my friend ${v} is visiting`,
      `my closest friend is ${v}`,
    ],
    ask: ["who's my best friend", 'what is my friend called', "what's my friend's name"],
    values: NAMES,
  },
  pet: {
    tell: (v) => [`I have a dog called ${v}`, `my dog's name is ${v}`, `my dog is named ${v}`],
    ask: [
      "what's my dog's name",
      'what is my dog called',
      'do you remember my dog',
      'who is my dog',
    ],
    values: ['Biscuit', 'Pepper', 'Mochi', 'Rufus'],
  },
  plan: {
    tell: (v) => [
      `I'm going to ${v} in April`,
      `I'm planning a trip to ${v}`,
      `next month I'm flying to ${v}`,
    ],
    ask: [
      'where am I going',
      'what are my plans',
      'where am I travelling',
      'what trip did I mention',
      'where was I planning to go',
    ],
    values: ['Japan', 'Iceland', 'Peru', 'Morocco'],
  },
  languages: {
    tell: (v) => [`I speak ${v}`, `I'm fluent in ${v}`, `I can speak ${v}`],
    ask: [
      'what languages do I speak',
      'which languages do I know',
      'what language do I speak',
      'do you remember what languages I speak',
    ],
    values: ['Portuguese', 'Finnish', 'Korean', 'Greek'],
  },
  hobby: {
    tell: (v) => [
      `I love ${v}`,
      `in my free time I enjoy ${v}`,
      `my hobby is ${v}`,
      `I'm really into ${v}`,
    ],
    ask: [
      'what are my hobbies',
      'what do I do for fun',
      'what do I enjoy',
      "what's my hobby",
      'what do I like doing in my free time',
    ],
    values: ['rock climbing', 'birdwatching', 'pottery', 'sailing'],
  },
};

function recallRows(count: number): Row[] {
  const kinds = Object.keys(RECALLED);
  return Array.from({ length: count }, (_, i) => {
    const said = RECALLED[kinds[i % kinds.length] as string] as Said;
    const value = pick(said.values);
    return {
      before: [pick(said.tell(value))],
      say: question(pick(said.ask)),
      calls: [],
      answer: [value],
    };
  });
}

// --- Introductions ------------------------------------------------------------------------------

const INTRO_OPENERS = [
  '',
  '',
  'hi, ',
  'hello! ',
  'hey there, ',
  'good morning, ',
  'nice to meet you, ',
];

function introRows(count: number): Row[] {
  const forms: ((n: string, j: string, c: string, e: string) => [string, string[]])[] = [
    (n, j, c) => [`I'm ${n}, a ${j} in ${c}`, [j, c]],
    (n, j, _c, e) => [`my name's ${n} and I work as a ${j} at ${e}`, [j, e]],
    (n, j, c) => [`${n} here, I'm a ${j} from ${c}`, [j, c]],
    (n, _j, c, e) => [`I am ${n}. I live in ${c} and work at ${e}`, [c, e]],
    (n, j, c) => [`my name is ${n}, I'm a ${j} based in ${c}`, [j, c]],
    (n, j) => [`I'm ${n} and I work as a ${j}`, [j]],
    // "call me …" is saved as the name the user wants (checked below).
    (n, _j, c) => [`call me ${n}, I live in ${c}`, [c]],
    (n, j, _c, e) => [`I'm ${n}, ${j} at ${e}`, [j, e]],
    (n, _j, c) => [`this is ${n} from ${c}`, [c]],
    (n, j, c) => [`I'm ${n} - I'm a ${j} living in ${c}`, [j, c]],
  ];
  return Array.from({ length: count }, (_, i) => {
    const name = pick(NAMES);
    const form = forms[i % forms.length] as (typeof forms)[number];
    const [say, facts] = form(name, pick(JOBS), pick(CITIES), pick(EMPLOYERS));
    return {
      say: `${pick(INTRO_OPENERS)}${say}${pick(['', '', '!', '.', ' 🙂'])}`,
      calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
      answer: [SAVED],
      memory: [
        say.startsWith('call me')
          ? `- User wants to be called ${name}.`
          : `- User's name is ${name}.`,
        ...facts,
      ],
    };
  });
}

// --- Forget ----------------------------------------------------------------------------------------

interface Fact {
  say: string;
  line: string;
  /** A word of the fact the answer names and the memory must lose. */
  word: string;
  /** Ways to name it: by its words, or by its kind. */
  named: string[];
}

const FACTS: Fact[] = [
  {
    say: 'I live in Porto',
    line: 'User lives in Porto.',
    word: 'Porto',
    named: [
      'that I live in Porto',
      'my city',
      'where I live',
      'the Porto thing',
      'my location',
      'the bit about Porto',
    ],
  },
  {
    say: "I'm a librarian",
    line: 'User is a librarian.',
    word: 'librarian',
    named: [
      'what I do',
      'my job',
      'that I am a librarian',
      'the librarian fact',
      'my occupation',
      'the part about being a librarian',
    ],
  },
  {
    say: 'I prefer dark mode',
    line: 'User prefers dark mode.',
    word: 'dark mode',
    named: [
      'that I prefer dark mode',
      'my dark mode preference',
      'the dark mode thing',
      'the line about dark mode',
      'dark mode',
    ],
  },
  {
    say: "I'm allergic to peanuts",
    line: 'User is allergic to peanuts.',
    word: 'peanuts',
    named: [
      'my peanut allergy',
      'that I am allergic to peanuts',
      'the peanut allergy',
      'the allergy',
      'anything about peanuts',
    ],
  },
  {
    say: 'my name is Desmond',
    line: "User's name is Desmond.",
    word: 'Desmond',
    named: ['my name', 'what my name is', 'that my name is Desmond', 'my name, Desmond'],
  },
  {
    say: 'I work at Atlassian',
    line: 'User works at Atlassian.',
    word: 'Atlassian',
    named: [
      'where I work',
      'my employer',
      'the Atlassian bit',
      'that I work at Atlassian',
      'my workplace',
    ],
  },
];
const FORGET_VERBS = [
  'forget',
  'delete',
  'remove',
  'erase',
  'drop',
  'wipe',
  'clear',
  'scrub',
  'get rid of',
  'forget about',
];
const FROM_MEMORY = [
  '',
  '',
  '',
  ' from memory',
  ' from your memory',
  ' from your notes',
  ' from the memory file',
];

function forgetRows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const fact = FACTS[i % FACTS.length] as Fact;
    const what = pick(fact.named);
    const form = random();
    // Forms that carry their own wrapper take no "could you" before them.
    const say =
      form < 0.12
        ? phrase(`don't remember ${what} anymore`)
        : form < 0.2
          ? phrase(`I'd like you to forget ${what}`)
          : form < 0.28
            ? request(`stop remembering ${what}`)
            : request(`${pick(FORGET_VERBS)} ${what}${pick(FROM_MEMORY)}`);
    return {
      before: [fact.say],
      say,
      calls: [removal(fact.line)],
      answer: [fact.word],
      forgotten: [fact.word],
    };
  });
}

// --- Write a file ------------------------------------------------------------------------------------

const WRITE_VERBS = [
  'make',
  'create',
  'write',
  'save',
  'draft',
  'jot down',
  'put together',
  'start',
  'set up',
];
const FILE_PATHS = [
  'ideas.md',
  'notes/groceries.md',
  'docs/intro.md',
  'plan.txt',
  'meeting-notes.md',
  'travel/packing.md',
];
const CONTENTS = [
  'Buy oat milk and eggs',
  'Ask Sam about the budget',
  'Water the plants on Sunday',
  'Book the dentist',
];
const TOPICS = ['a birthday party', 'learning Spanish', 'a garden shed', 'a product launch'];

function writeRows(count: number): Row[] {
  return Array.from({ length: count }, () => {
    const path = pick(FILE_PATHS);
    const full = `/${path}`;
    const article = pick([
      'a file ',
      'a file called ',
      'a new file named ',
      'the file ',
      '',
      'a note ',
    ]);
    const verb = pick(WRITE_VERBS);
    if (random() < 0.6) {
      const content = pick(CONTENTS);
      const joined = pick([
        `${verb} ${article}${path} with ${content}`,
        `${verb} ${article}${path} containing ${content}`,
        `${verb} ${article}${path} that says ${content}`,
        `${verb} ${article}${path} saying ${content}`,
        `${verb} ${article}${path}: ${content}`,
        `${pick(['save', 'write', 'add', 'put'])} "${content}" in ${path}`,
        `${verb} ${article}${path} with the text ${content}`,
      ]);
      return {
        say: request(joined),
        calls: [['write_file', { file_path: full }]] as Call[],
        answer: [full],
        files: { [full]: [content] },
      };
    }
    const topic = pick(TOPICS);
    const joined = pick([
      `${verb} ${article}${path} for ${topic}`,
      `${verb} ${article}${path} about ${topic}`,
      `${verb} an outline for ${topic} in ${path}`,
      `${verb} ${article}${path} outlining ${topic}`,
      `${verb} ${article}${path} with an outline of ${topic}`,
      `${verb} ${article}${path} with a plan for ${topic}`,
    ]);
    return {
      say: request(joined),
      calls: [['write_file', { file_path: full }]] as Call[],
      answer: [full],
      files: { [full]: [topic] },
    };
  });
}

// --- Open a file -------------------------------------------------------------------------------------

const OPEN_VERBS = [
  'open',
  'show',
  'show me',
  'read',
  'print',
  'display',
  'pull up',
  'bring up',
  'let me see',
  'view',
  'cat',
  'read out',
];
interface Target {
  path: string;
  /** What the file says, that the answer must show. */
  shows: string;
  /** Named by path (read directly) or by words (looked up first). */
  byPath: string[];
  byWords: string[];
}
const TARGETS: Target[] = [
  {
    path: '/notes/todo.md',
    shows: 'Cache responses for ten minutes.',
    byPath: ['notes/todo.md', '/notes/todo.md'],
    byWords: [
      'the todo in notes',
      'todo under notes',
      'the todo file',
      'the todo list',
      'my todo list',
      'the todo in the notes folder',
      'the todo.md in notes',
    ],
  },
  {
    path: '/src/forecast.ts',
    shows: 'formatForecast',
    byPath: ['src/forecast.ts', '/src/forecast.ts'],
    byWords: [
      'the forecast file',
      'forecast.ts',
      'the forecast in src',
      'forecast under src',
      'the forecast source',
      'the forecast code',
    ],
  },
  {
    path: '/README.md',
    shows: 'weather-cli',
    byPath: ['README.md', '/README.md'],
    byWords: ['the readme', 'the README file', 'the project readme', 'readme'],
  },
];

function openRows(count: number): ParaphraseRow[] {
  return Array.from({ length: count }, () => {
    const target = pick(TARGETS);
    const byPath = random() < 0.4;
    const named = pick(byPath ? target.byPath : target.byWords);
    const core =
      random() < 0.2
        ? pick([`what's in ${named}`, `what does ${named} say`])
        : `${pick(OPEN_VERBS)} ${named}`;
    return {
      say: core.startsWith('what') ? question(core) : request(core),
      // The tool calls are not the point (a name may be looked up first): what the file says is.
      calls: [],
      answer: [target.shows],
      open: true,
    };
  });
}

// --- Compare strategies --------------------------------------------------------------------------------

const STRATEGY_WORDS: [label: string, words: string[]][] = [
  [
    'Sliding window',
    ['sliding window', 'a sliding window', 'the sliding-window strategy', 'windowing'],
  ],
  [
    'Summarization',
    ['summarization', 'summarisation', 'rolling summary', 'a running summary', 'summarising'],
  ],
  ['Retrieval', ['retrieval', 'RAG', 'vector search', 'embeddings retrieval']],
  [
    'OS-like paging',
    ['paging', 'OS-like paging', 'virtual context', 'MemGPT-style paging', 'MemGPT'],
  ],
  ['Graph', ['graph memory', 'a knowledge graph', 'the graph strategy']],
  ['Hierarchical', ['hierarchical memory', 'the hierarchical strategy', 'hierarchical']],
  ['Compression', ['compression', 'prompt compression', 'compressing the context']],
  [
    'Memory-augmented',
    ['memory-augmented', 'memory augmented agents', 'the memory-augmented strategy'],
  ],
  ['Sequential', ['sequential', 'the sequential strategy', 'plain sequential history']],
];

function compareRows(count: number): Row[] {
  return Array.from({ length: count }, () => {
    const a = pick(STRATEGY_WORDS);
    let b = pick(STRATEGY_WORDS);
    while (b[0] === a[0]) b = pick(STRATEGY_WORDS);
    const [x, y] = [pick(a[1]), pick(b[1])];
    // How each form is said: an order, a question, or a phrase with no verb.
    const forms: [string, typeof request][] = [
      [`${x} vs ${y}`, phrase],
      [`${x} versus ${y}`, phrase],
      [`compare ${x} and ${y}`, request],
      [`compare ${x} with ${y}`, request],
      [`${x} or ${y}`, question],
      [`which is better, ${x} or ${y}`, question],
      [`how does ${x} differ from ${y}`, question],
      [`what's the difference between ${x} and ${y}`, question],
      [`should I use ${x} or ${y}`, question],
      [`is ${x} better than ${y}`, question],
      [`pros and cons of ${x} vs ${y}`, phrase],
      [`${x} compared to ${y}`, question],
      [`help me choose between ${x} and ${y}`, request],
      [`weigh up ${x} against ${y}`, request],
    ];
    const [core, said] = pick(forms);
    const others = STRATEGY_WORDS.map(([label]) => label).filter((l) => l !== a[0] && l !== b[0]);
    return {
      say: said(core, true),
      calls: [],
      answer: [`**${a[0]}**`, `**${b[0]}**`],
      not: others.map((l) => `**${l}**`),
    };
  });
}

// --- Tokens ----------------------------------------------------------------------------------------

const TOKEN_QUESTIONS = [
  'how many tokens have we used',
  'how many tokens so far',
  "what's the token count",
  "what's our token usage",
  'how much have we spent',
  'what has this chat cost',
  'how big is the context',
  "what's the context size",
  'total tokens so far',
  'how many tokens did that use',
  'how many tokens is this conversation',
  'tokens used',
  'what is the usage so far',
  'how much of the context window is used',
];
const TOKEN_ORDERS = [
  'show me the token stats',
  'give me the token totals',
  'tell me the token count',
  'show the usage',
  'count the tokens',
  'report the token usage',
  'show me how many tokens we have used',
];

function tokenRows(count: number): Row[] {
  return Array.from({ length: count }, () => ({
    before: [pick(['hello', 'list the files', 'I like tea', 'what can you do?'])],
    say: random() < 0.6 ? question(pick(TOKEN_QUESTIONS), true) : request(pick(TOKEN_ORDERS), true),
    calls: [],
    answer: [TOKENS],
  }));
}

// --- The run -------------------------------------------------------------------------------------------

const KINDS: Record<string, ParaphraseRow[]> = {
  recall: recallRows(60),
  introduction: introRows(40),
  forget: forgetRows(48),
  write: writeRows(48),
  open: openRows(48),
  compare: compareRows(48),
  tokens: tokenRows(40),
};

/** The lowest rate a kind may have. */
const GOAL = 0.95;

describe('paraphrases of each kind of request', () => {
  for (const [kind, rows] of Object.entries(KINDS))
    it(`${kind}: understood at ${GOAL * 100}% or more`, async () => {
      const { understood, missed } = await paraphraseRate(rows);
      console.log(`paraphrases ${kind}: ${understood}/${rows.length}\n  ${missed.join('\n  ')}`);
      expect(understood / rows.length).toBeGreaterThanOrEqual(GOAL);
    }, 120_000);
});
