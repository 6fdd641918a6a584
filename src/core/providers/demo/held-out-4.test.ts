// Held out, fourth set (issue 33): 40 phrasings written by the lead without looking at the Demo's
// patterns, each with the conversation before it, tried on the Demo as it was after the set-3
// fixes. The test counts how many are understood by the same criterion as the other held-out sets
// (listening.test.ts: playRow finds no problem) and prints the rate.
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

const HELD_OUT_4: Row[] = [
  // Recall from the conversation.
  {
    before: ["hiya, I'm Nadia and I'm a vet in Glasgow"],
    say: 'what city am I in?',
    calls: [],
    answer: ['Glasgow'],
  },
  {
    before: ['I work at Airbus as a test engineer'],
    say: 'where do I work?',
    calls: [],
    answer: ['Airbus'],
  },
  {
    before: ["I'm Pedro, I drive buses in Seville"],
    say: 'tell me my name',
    calls: [],
    answer: ['Pedro'],
  },
  { before: ["my wife's name is Leila"], say: 'who is my wife?', calls: [], answer: ['Leila'] },
  {
    before: ['my cat is named Miso'],
    say: 'do you know what my cat is called?',
    calls: [],
    answer: ['Miso'],
  },
  {
    before: ["I'm a graphic designer"],
    say: 'what do I do for a living?',
    calls: [],
    answer: ['graphic designer'],
  },
  { before: ["hi, I'm Hugo from Lyon"], say: 'where am I from?', calls: [], answer: ['Lyon'] },
  {
    before: ["I'm training for a half marathon in May"],
    say: 'what am I training for?',
    calls: [],
    answer: ['half marathon'],
  },
  {
    before: ['my best friend is Tariq'],
    say: "who's my best friend?",
    calls: [],
    answer: ['Tariq'],
  },
  {
    before: ["I'm Ivy and I'm a nurse at St Mary's"],
    say: 'what was my job?',
    calls: [],
    answer: ['nurse'],
  },
  // Introductions saved as facts.
  {
    say: "Hi there, I'm Mateo and I'm a teacher in Bogotá",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Mateo.", 'teacher', 'Bogotá'],
  },
  {
    say: "I'm Sara, I work as an accountant in Stockholm",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Sara.", 'accountant', 'Stockholm'],
  },
  {
    say: 'hey! my name is Omar and I live in Cairo',
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Omar.", 'Cairo'],
  },
  {
    say: "I'm Hannah, a software developer at Shopify in Ottawa",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Hannah.", 'software developer', 'Shopify'],
  },
  // Forget.
  {
    before: ['I prefer tea over coffee'],
    say: 'forget my tea preference',
    calls: [removal('User prefers tea over coffee.')],
    answer: ['tea'],
    forgotten: ['tea'],
  },
  {
    before: ['I live in Nairobi'],
    say: 'please remove where I live',
    calls: [removal('User lives in Nairobi.')],
    answer: ['Nairobi'],
    forgotten: ['Nairobi'],
  },
  {
    before: ["I'm allergic to shellfish"],
    say: 'forget about the shellfish allergy',
    calls: [removal('User is allergic to shellfish.')],
    answer: ['shellfish'],
    forgotten: ['shellfish'],
  },
  {
    before: ['My name is Beatriz'],
    say: 'forget my name',
    calls: [removal("User's name is Beatriz.")],
    answer: ['Beatriz'],
    forgotten: ['Beatriz'],
  },
  {
    before: ['I prefer TypeScript'],
    say: 'stop remembering that I prefer TypeScript',
    calls: [removal('User prefers TypeScript.')],
    answer: ['TypeScript'],
    forgotten: ['TypeScript'],
  },
  // Make / write a file.
  {
    say: 'make notes.md with Call the plumber on Friday',
    calls: [['write_file', { file_path: '/notes.md' }]],
    answer: ['/notes.md'],
    files: { '/notes.md': ['Call the plumber on Friday'] },
  },
  {
    say: 'create a file named recipes.md listing three pasta dishes',
    calls: [['write_file', { file_path: '/recipes.md' }]],
    answer: ['/recipes.md'],
    files: { '/recipes.md': ['1.', '3.'] },
  },
  {
    say: 'please write docs/setup.md with Install Node 20 first',
    calls: [['write_file', { file_path: '/docs/setup.md' }]],
    answer: ['/docs/setup.md'],
    files: { '/docs/setup.md': ['Install Node 20 first'] },
  },
  {
    say: 'start a file called journal.md that says Day one',
    calls: [['write_file', { file_path: '/journal.md' }]],
    answer: ['/journal.md'],
    files: { '/journal.md': ['Day one'] },
  },
  {
    say: 'draft a roadmap.md for a mobile app',
    calls: [['write_file', { file_path: '/roadmap.md' }]],
    answer: ['/roadmap.md'],
    files: { '/roadmap.md': ['mobile app'] },
  },
  // Open / show.
  {
    say: 'show me notes/todo.md',
    calls: [['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  {
    say: 'open the forecast source file',
    calls: [['glob'], ['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  {
    say: 'what does the todo in the notes folder say?',
    calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  {
    say: 'print src/forecast.ts',
    calls: [['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  {
    say: 'could you show me the todo list?',
    calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  // Compare two named strategies.
  {
    say: 'sliding window or summarization — what should I pick?',
    calls: [],
    answer: ['**Sliding window**', '**Summarization**'],
    not: ['**Graph**'],
  },
  {
    say: 'compare graph memory with paging',
    calls: [],
    answer: ['**Graph**', '**OS-like paging**'],
    not: ['**Retrieval**'],
  },
  {
    say: 'is retrieval better than summarization?',
    calls: [],
    answer: ['**Retrieval**', '**Summarization**'],
    not: ['**Sliding window**'],
  },
  {
    say: 'paging vs retrieval',
    calls: [],
    answer: ['**OS-like paging**', '**Retrieval**'],
    not: ['**Summarization**'],
  },
  {
    say: 'what are the tradeoffs between a sliding window and graph memory?',
    calls: [],
    answer: ['**Sliding window**', '**Graph**'],
    not: ['**Retrieval**'],
  },
  // Token figures.
  { before: ['hello'], say: 'how many tokens did that take?', calls: [], answer: [TOKENS] },
  { before: ['hi'], say: "what's our token usage?", calls: [], answer: [TOKENS] },
  { before: ['hello'], say: 'count the tokens for me', calls: [], answer: [TOKENS] },
  {
    before: ['list the files'],
    say: 'how many tokens is this thread?',
    calls: [],
    answer: [TOKENS],
  },
  { before: ['hey'], say: 'token stats please', calls: [], answer: [TOKENS] },
  { before: ['hello'], say: 'how much context have we used?', calls: [], answer: [TOKENS] },
];

/**
 * The first rate measured, before any change to the Demo, was 34/40 (85%), under the 90% goal.
 * Missed: "who is my wife?" (after "my wife's name is Leila"), "please remove where I live",
 * "stop remembering that I prefer TypeScript", "what does the todo in the notes folder say?",
 * "count the tokens for me" and "token stats please". After general fixes (a relation's name said
 * with "'s name", a kind of fact to forget said as a question about the user, "what does X in Y
 * say?", a request to count tokens and token stats; families.test.ts holds other sentences of
 * each) it is 39/40, so the goal is asserted. The one left is the row's fault, kept as written:
 * "stop remembering that I prefer TypeScript" removes "User prefers TypeScript." as asked, but
 * the sample memory's own line "Writes TypeScript with strict mode on." still says "TypeScript",
 * which the row's `forgotten` check reads as not forgotten.
 */
const GOAL = 0.9;

heldOutSuite(4, 'fourth', HELD_OUT_4, GOAL);
