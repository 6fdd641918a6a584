// Held out, eighth set (issue 33): 40 phrasings written by the lead without looking at the Demo's
// patterns, each with the conversation before it, tried on the Demo as it was after the fallback
// layer (fallback.ts, conversation/recall-fallback.ts). Same criterion as the other held-out sets
// (playRow finds no problem); the rate is printed.
import {
  SAVED,
  TOKENS,
  heldOutSuite,
  removal,
  type Row,
} from '../../../../tests/fixtures/demo-session';

const HELD_OUT_8: Row[] = [
  // Recall from the conversation.
  {
    before: ["hey, I'm Joaquín, a sound engineer in Buenos Aires"],
    say: 'what town am I in?',
    calls: [],
    answer: ['Buenos Aires'],
  },
  {
    before: ['I got a job at Zalando last spring'],
    say: 'where do I work now?',
    calls: [],
    answer: ['Zalando'],
  },
  { before: ["I'm Petra and I teach yoga"], say: 'what do I teach?', calls: [], answer: ['yoga'] },
  { before: ['Hi there, Maya here'], say: "what's my name?", calls: [], answer: ['Maya'] },
  {
    before: ["my grandmother's name is Rosa"],
    say: "what's my grandmother called?",
    calls: [],
    answer: ['Rosa'],
  },
  {
    before: ['my landlord is Mr. Patel'],
    say: 'who is my landlord?',
    calls: [],
    answer: ['Patel'],
  },
  {
    before: ["We're flying to Vietnam next week"],
    say: 'where are we flying?',
    calls: [],
    answer: ['Vietnam'],
  },
  {
    before: ["I'm Oren and I'm based in Haifa"],
    say: 'where am I located?',
    calls: [],
    answer: ['Haifa'],
  },
  {
    before: ['my hamster is called Peanut'],
    say: "what's my hamster's name?",
    calls: [],
    answer: ['Peanut'],
  },
  {
    before: ["I'm Liam, a paramedic in Cork"],
    say: 'remind me what my job is',
    calls: [],
    answer: ['paramedic'],
  },
  // Introductions saved as facts.
  {
    say: "Hi, I'm Fatima, a pharmacist in Casablanca",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Fatima.", 'pharmacist', 'Casablanca'],
  },
  {
    say: "hello, I'm Erik and I work as a carpenter in Gothenburg",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Erik.", 'carpenter', 'Gothenburg'],
  },
  {
    say: 'my name is Ada and I work at Mozilla',
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Ada.", 'Mozilla'],
  },
  {
    say: "I'm Raj, an economist living in Pune",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Raj.", 'economist', 'Pune'],
  },
  // Forget.
  {
    before: ['I prefer answers in French'],
    say: 'forget that I prefer answers in French',
    calls: [removal('User prefers answers in French.')],
    answer: ['French'],
    forgotten: ['French'],
  },
  {
    before: ['I live in Valparaíso'],
    say: 'you can forget where I live now',
    calls: [removal('User lives in Valparaíso.')],
    answer: ['Valparaíso'],
    forgotten: ['Valparaíso'],
  },
  {
    before: ["I'm allergic to pollen"],
    say: 'remove my pollen allergy from memory',
    calls: [removal('User is allergic to pollen.')],
    answer: ['pollen'],
    forgotten: ['pollen'],
  },
  {
    before: ['My name is Hiro'],
    say: 'please erase my name',
    calls: [removal("User's name is Hiro.")],
    answer: ['Hiro'],
    forgotten: ['Hiro'],
  },
  {
    before: ['I prefer long explanations'],
    say: 'forget the long explanations thing',
    calls: [removal('User prefers long explanations.')],
    answer: ['long explanations'],
    forgotten: ['long explanations'],
  },
  // Make / write a file.
  {
    say: 'create reminders.md with renew passport',
    calls: [['write_file', { file_path: '/reminders.md' }]],
    answer: ['/reminders.md'],
    files: { '/reminders.md': ['renew passport'] },
  },
  {
    say: 'make a file called movies.md listing three films to watch',
    calls: [['write_file', { file_path: '/movies.md' }]],
    answer: ['/movies.md'],
    files: { '/movies.md': ['1.', '3.'] },
  },
  {
    say: 'write docs/faq.md with Q: Is it free? A: Yes',
    calls: [['write_file', { file_path: '/docs/faq.md' }]],
    answer: ['/docs/faq.md'],
    files: { '/docs/faq.md': ['Is it free?'] },
  },
  {
    say: 'save todo-work.md containing send the invoice',
    calls: [['write_file', { file_path: '/todo-work.md' }]],
    answer: ['/todo-work.md'],
    files: { '/todo-work.md': ['send the invoice'] },
  },
  {
    say: 'could you write a plan.md for a garden makeover?',
    calls: [['write_file', { file_path: '/plan.md' }]],
    answer: ['/plan.md'],
    files: { '/plan.md': ['garden'] },
  },
  // Open / show.
  {
    say: 'open README.md',
    calls: [['read_file', { file_path: '/README.md' }]],
    answer: ['WEATHER_API_KEY'],
  },
  {
    say: 'show me the notes todo list please',
    calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  {
    say: 'view src/forecast.ts',
    calls: [['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  {
    say: 'what does the readme say?',
    calls: [['glob'], ['read_file', { file_path: '/README.md' }]],
    answer: ['WEATHER_API_KEY'],
  },
  {
    say: 'could you open the forecast module?',
    calls: [['glob'], ['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  // Compare two named strategies.
  {
    say: 'retrieval vs sliding window',
    calls: [],
    answer: ['**Retrieval**', '**Sliding window**'],
    not: ['**Graph**'],
  },
  {
    say: "what's better for me, paging or summarization?",
    calls: [],
    answer: ['**OS-like paging**', '**Summarization**'],
    not: ['**Graph**'],
  },
  {
    say: 'compare graph and sliding window strategies',
    calls: [],
    answer: ['**Graph**', '**Sliding window**'],
    not: ['**Retrieval**'],
  },
  {
    say: 'how does retrieval stack up against paging?',
    calls: [],
    answer: ['**Retrieval**', '**OS-like paging**'],
    not: ['**Summarization**'],
  },
  {
    say: 'summarization or graph memory for a support bot?',
    calls: [],
    answer: ['**Summarization**', '**Graph**'],
    not: ['**Sliding window**'],
  },
  // Token figures.
  { before: ['hello'], say: 'how many tokens was that?', calls: [], answer: [TOKENS] },
  { before: ['hi'], say: "what's the token tally?", calls: [], answer: [TOKENS] },
  { before: ['hello'], say: 'show me how many tokens we have used', calls: [], answer: [TOKENS] },
  {
    before: ['list the files'],
    say: 'how many output tokens so far?',
    calls: [],
    answer: [TOKENS],
  },
  { before: ['hey'], say: 'how much of the context window is used?', calls: [], answer: [TOKENS] },
  {
    before: ['hello'],
    say: 'what are the token numbers for this thread?',
    calls: [],
    answer: [TOKENS],
  },
];

/**
 * The first rate measured, before any change for this set, was 38/40 (95%), over the 90% goal:
 * the first blind set to meet it. First rates of the blind sets: set 2 34/40, set 3 31/40, set 4
 * 34/40, set 5 35/40, set 6 35/40, set 7 32/40, set 8 38/40 (after the fallback layer). Missed:
 * "write docs/faq.md with Q: Is it free? A: Yes" (the content was cut at its colon) and "open
 * README.md", whose answer is right but which looked the name up with glob before reading it,
 * where the row wants read_file alone. Both kept as written and not tuned for.
 */
const GOAL = 0.9;

heldOutSuite(8, 'eighth', HELD_OUT_8, GOAL);
