// Held out, second set (issue 33): 40 phrasings written before reading the Demo's patterns, each
// with the conversation before it. The test counts how many are understood by the same criterion
// as the first held-out set (listening.test.ts: playRow finds no problem) and prints the rate.
// First rates of the four held-out sets, each before any fix for it: set 1 (listening.test.ts, 22
// rows) not recorded, as it was committed with the Demo it tried; set 2 34/40 (85%); set 3 31/40
// (77.5%); set 4 34/40 (85%).
import {
  SAVED,
  TOKENS,
  heldOutSuite,
  removal,
  type Row,
} from '../../../../tests/fixtures/demo-session';

const HELD_OUT_2: Row[] = [
  // Recall from the conversation.
  {
    before: ["hi, I'm Tomas, a baker in Prague"],
    say: 'whereabouts do I live?',
    calls: [],
    answer: ['Prague'],
  },
  {
    before: ["Hello! I'm Aiko and I work at Sony"],
    say: 'who do I work for?',
    calls: [],
    answer: ['Sony'],
  },
  {
    before: ["I'm Bilal, a pharmacist in Leeds"],
    say: "what's my job again?",
    calls: [],
    answer: ['pharmacist'],
  },
  {
    before: ['hey, my name is Ines and I live in Porto'],
    say: 'do you remember my name?',
    calls: [],
    answer: ['Ines'],
  },
  {
    before: ["I'm Noor, a lawyer in Dubai"],
    say: 'which city am I based in?',
    calls: [],
    answer: ['Dubai'],
  },
  {
    before: ['my sister is called Hana'],
    say: "what's my sister's name?",
    calls: [],
    answer: ['Hana'],
  },
  {
    before: ["I'm planning a trip to Japan in April"],
    say: 'what trip am I planning?',
    calls: [],
    answer: ['Japan'],
  },
  {
    before: ['My manager is Olu'],
    say: 'who is my manager?',
    calls: [],
    answer: ['Olu'],
  },
  {
    before: ["I'm Greta and I work as an architect in Oslo"],
    say: 'what do I do?',
    calls: [],
    answer: ['architect'],
  },
  {
    before: ["Hi, I'm Dev, I work at Stripe in Dublin"],
    say: 'where am I working these days?',
    calls: [],
    answer: ['Stripe'],
  },
  // Introductions saved as facts.
  {
    say: 'hello, my name is Carlos and I am a pilot based in Lima',
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Carlos.", 'pilot', 'Lima'],
  },
  {
    say: "Yuki here, I'm a nurse in Osaka",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Yuki.", 'nurse', 'Osaka'],
  },
  {
    say: "hi! I'm Femi, I work as a software engineer at Paystack",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Femi.", 'software engineer', 'Paystack'],
  },
  {
    say: 'my name is Anna and my husband is called Piotr',
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Anna.", 'Piotr'],
  },
  // Forget.
  {
    before: ['I prefer tabs over spaces'],
    say: 'drop the note about tabs from memory',
    calls: [removal('User prefers tabs over spaces.')],
    answer: ['tabs'],
    forgotten: ['tabs'],
  },
  {
    before: ['I prefer Python'],
    say: 'forget that I prefer Python, please',
    calls: [removal('User prefers Python.')],
    answer: ['Python'],
    forgotten: ['Python'],
  },
  {
    before: ["I'm allergic to peanuts"],
    say: 'you can forget about my peanut allergy',
    calls: [removal('User is allergic to peanuts.')],
    answer: ['peanuts'],
    forgotten: ['peanuts'],
  },
  {
    before: ['I live in Bristol'],
    say: 'delete where I live from your memory',
    calls: [removal('User lives in Bristol.')],
    answer: ['Bristol'],
    forgotten: ['Bristol'],
  },
  {
    before: ['My name is Zara'],
    say: "please don't remember my name anymore",
    calls: [removal("User's name is Zara.")],
    answer: ['Zara'],
    forgotten: ['Zara'],
  },
  // Make / write a file.
  {
    say: 'could you jot down a file ideas.md listing three blog topics',
    calls: [['write_file', { file_path: '/ideas.md' }]],
    answer: ['/ideas.md'],
    files: { '/ideas.md': ['1.', '3.'] },
  },
  {
    say: 'please make a file todo-today.md with buy stamps and call mum',
    calls: [['write_file', { file_path: '/todo-today.md' }]],
    answer: ['/todo-today.md'],
    files: { '/todo-today.md': ['buy stamps and call mum'] },
  },
  {
    say: 'create notes/meeting.md containing Agenda: budget review',
    calls: [['write_file', { file_path: '/notes/meeting.md' }]],
    answer: ['/notes/meeting.md'],
    files: { '/notes/meeting.md': ['Agenda: budget review'] },
  },
  {
    say: 'write hello.txt that says hi there',
    calls: [['write_file', { file_path: '/hello.txt' }]],
    answer: ['/hello.txt'],
    files: { '/hello.txt': ['hi there'] },
  },
  {
    say: 'can you write a file called plan.md with an outline for a product launch',
    calls: [['write_file', { file_path: '/plan.md' }]],
    answer: ['/plan.md'],
    files: { '/plan.md': ['launch'] },
  },
  // Open / show.
  {
    say: 'pull up the todo in notes',
    calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  {
    say: 'show me the forecast in src',
    calls: [['glob'], ['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  {
    say: 'can you open the todo file from the notes folder?',
    calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  {
    say: "let me see what's in src/forecast.ts",
    calls: [['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  {
    say: 'display the forecast code under src please',
    calls: [['glob'], ['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  // Compare two named strategies.
  {
    say: 'sliding window vs retrieval — which is cheaper?',
    calls: [],
    answer: ['**Sliding window**', '**Retrieval**'],
    not: ['**Graph**'],
  },
  {
    say: 'compare summarization and paging for me',
    calls: [],
    answer: ['**Summarization**', '**OS-like paging**'],
    not: ['**Retrieval**'],
  },
  {
    say: "what's the difference between graph and retrieval?",
    calls: [],
    answer: ['**Graph**', '**Retrieval**'],
    not: ['**Sliding window**'],
  },
  {
    say: 'should I use summarization or a sliding window?',
    calls: [],
    answer: ['**Summarization**', '**Sliding window**'],
    not: ['**Graph**'],
  },
  {
    say: 'retrieval versus graph memory: pros and cons?',
    calls: [],
    answer: ['**Retrieval**', '**Graph**'],
    not: ['**Summarization**'],
  },
  // Token figures.
  {
    before: ['hello'],
    say: 'token usage so far?',
    calls: [],
    answer: [TOKENS],
  },
  {
    before: ['list the files'],
    say: 'how many tokens have we burned?',
    calls: [],
    answer: [TOKENS],
  },
  {
    before: ['hello'],
    say: "what's the token count for this conversation?",
    calls: [],
    answer: [TOKENS],
  },
  {
    before: ['hi'],
    say: 'how much have we spent in tokens?',
    calls: [],
    answer: [TOKENS],
  },
  {
    before: ['hello'],
    say: 'show me the token totals',
    calls: [],
    answer: [TOKENS],
  },
  {
    before: ['hey'],
    say: 'tokens used in this thread?',
    calls: [],
    answer: [TOKENS],
  },
];

/**
 * The first rate measured, before any tuning, was 34/40 (85%); after general fixes (token
 * questions, a path whose last segment is a file, content with its own colon, "jot down a file …",
 * a permission frame around "forget") it is 40/40, so the goal is asserted.
 */
const GOAL = 0.9;

heldOutSuite(2, 'second', HELD_OUT_2, GOAL);
