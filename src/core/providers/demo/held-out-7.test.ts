// Held out, seventh set (issue 33): 40 phrasings written by the lead without looking at the Demo's
// patterns, each with the conversation before it, tried on the Demo as it was after the set-6
// fixes. Same criterion as the other held-out sets (playRow finds no problem); the rate is printed.
import {
  SAVED,
  TOKENS,
  heldOutSuite,
  removal,
  type Row,
} from '../../../../tests/fixtures/demo-session';

const HELD_OUT_7: Row[] = [
  // Recall from the conversation.
  {
    before: ["Hi, I'm Amara and I run a bakery in Accra"],
    say: 'where is my bakery?',
    calls: [],
    answer: ['Accra'],
  },
  {
    before: ["I'm Felix. I work at BMW in Munich"],
    say: 'which company do I work for?',
    calls: [],
    answer: ['BMW'],
  },
  {
    before: ["I'm Lucia and I'm an illustrator"],
    say: "what's my line of work?",
    calls: [],
    answer: ['illustrator'],
  },
  { before: ["Hey! It's Marco here"], say: 'who am I?', calls: [], answer: ['Marco'] },
  {
    before: ['my twin sister is called Nora'],
    say: 'what is my sister called?',
    calls: [],
    answer: ['Nora'],
  },
  { before: ['My mentor is Dr. Okafor'], say: 'who is my mentor?', calls: [], answer: ['Okafor'] },
  {
    before: ["I'm relocating to Toronto in March"],
    say: 'where am I relocating?',
    calls: [],
    answer: ['Toronto'],
  },
  {
    before: ["hello, I'm Eun-ji and I live in Busan"],
    say: 'what city did I say I live in?',
    calls: [],
    answer: ['Busan'],
  },
  {
    before: ["I'm learning Portuguese"],
    say: 'which language am I learning?',
    calls: [],
    answer: ['Portuguese'],
  },
  {
    before: ["I'm Theo, a barista in Brighton"],
    say: 'what job do I have?',
    calls: [],
    answer: ['barista'],
  },
  // Introductions saved as facts.
  {
    say: "Hello! I'm Ingrid, an architect living in Bergen",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Ingrid.", 'architect', 'Bergen'],
  },
  {
    say: 'hi, my name is Samir and I am a teacher in Tunis',
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Samir.", 'teacher', 'Tunis'],
  },
  {
    say: "I'm Grace, I work at the BBC in London",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Grace.", 'BBC', 'London'],
  },
  {
    say: 'hey, I am Luis, a plumber',
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Luis.", 'plumber'],
  },
  // Forget.
  {
    before: ['I prefer morning meetings'],
    say: 'forget that I prefer morning meetings',
    calls: [removal('User prefers morning meetings.')],
    answer: ['morning meetings'],
    forgotten: ['morning meetings'],
  },
  {
    before: ['I live in Hanoi'],
    say: 'remove Hanoi from your memory',
    calls: [removal('User lives in Hanoi.')],
    answer: ['Hanoi'],
    forgotten: ['Hanoi'],
  },
  {
    before: ["I'm allergic to penicillin"],
    say: 'please forget the penicillin allergy',
    calls: [removal('User is allergic to penicillin.')],
    answer: ['penicillin'],
    forgotten: ['penicillin'],
  },
  {
    before: ['My name is Kai'],
    say: 'can you forget my name?',
    calls: [removal("User's name is Kai.")],
    answer: ['Kai'],
    forgotten: ['Kai'],
  },
  {
    before: ['I prefer emoji-free replies'],
    say: 'delete the note about emoji-free replies',
    calls: [removal('User prefers emoji-free replies.')],
    answer: ['emoji-free'],
    forgotten: ['emoji-free'],
  },
  // Make / write a file.
  {
    say: 'create a file todo/home.md with fix the shelf',
    calls: [['write_file', { file_path: '/todo/home.md' }]],
    answer: ['/todo/home.md'],
    files: { '/todo/home.md': ['fix the shelf'] },
  },
  {
    say: 'make gifts.md listing four gift ideas',
    calls: [['write_file', { file_path: '/gifts.md' }]],
    answer: ['/gifts.md'],
    files: { '/gifts.md': ['1.', '4.'] },
  },
  {
    say: 'write quote.txt with Stay hungry, stay foolish',
    calls: [['write_file', { file_path: '/quote.txt' }]],
    answer: ['/quote.txt'],
    files: { '/quote.txt': ['Stay hungry, stay foolish'] },
  },
  {
    say: 'please save a file named meeting-notes.md that says Decided to ship Friday',
    calls: [['write_file', { file_path: '/meeting-notes.md' }]],
    answer: ['/meeting-notes.md'],
    files: { '/meeting-notes.md': ['Decided to ship Friday'] },
  },
  {
    say: 'can you create a study-plan.md for learning Rust?',
    calls: [['write_file', { file_path: '/study-plan.md' }]],
    answer: ['/study-plan.md'],
    files: { '/study-plan.md': ['Rust'] },
  },
  // Open / show.
  {
    say: 'open /src/forecast.ts',
    calls: [['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  {
    say: 'show me what the todo file in notes says',
    calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  {
    say: 'let me look at the forecast file',
    calls: [['glob'], ['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  {
    say: "open the project's readme please",
    calls: [['glob'], ['read_file', { file_path: '/README.md' }]],
    answer: ['WEATHER_API_KEY'],
  },
  {
    say: 'read notes/todo.md to me',
    calls: [['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  // Compare two named strategies.
  {
    say: 'sliding window vs paging?',
    calls: [],
    answer: ['**Sliding window**', '**OS-like paging**'],
    not: ['**Graph**'],
  },
  {
    say: 'how do retrieval and summarization compare?',
    calls: [],
    answer: ['**Retrieval**', '**Summarization**'],
    not: ['**Graph**'],
  },
  {
    say: 'tell me the difference between graph memory and a sliding window',
    calls: [],
    answer: ['**Graph**', '**Sliding window**'],
    not: ['**Retrieval**'],
  },
  {
    say: 'paging versus summarization — which is cheaper?',
    calls: [],
    answer: ['**OS-like paging**', '**Summarization**'],
    not: ['**Graph**'],
  },
  {
    say: 'should I go with retrieval or graph?',
    calls: [],
    answer: ['**Retrieval**', '**Graph**'],
    not: ['**Sliding window**'],
  },
  // Token figures.
  {
    before: ['hello'],
    say: 'how many tokens have been used in this chat?',
    calls: [],
    answer: [TOKENS],
  },
  { before: ['hi'], say: 'give me a token breakdown', calls: [], answer: [TOKENS] },
  { before: ['hello'], say: 'how expensive was that, token-wise?', calls: [], answer: [TOKENS] },
  {
    before: ['list the files'],
    say: 'what is the size of the prompt in tokens?',
    calls: [],
    answer: [TOKENS],
  },
  { before: ['hey'], say: 'are we near the token limit?', calls: [], answer: [TOKENS] },
  { before: ['hello'], say: 'how many input tokens did we send?', calls: [], answer: [TOKENS] },
];

/**
 * The first rate measured, before any change for this set, was 32/40 (80%). First rates of the
 * blind sets: set 2 34/40, set 3 31/40, set 4 34/40, set 5 35/40, set 6 35/40, set 7 32/40.
 * Missed: "who am I?" (after "It's Marco here"), "what is my sister called?" (after "my twin
 * sister is called Nora"), "what job do I have?" (after "I'm Theo, a barista in Brighton"), "show
 * me what the todo file in notes says", "open the project's readme please", "read notes/todo.md
 * to me", "how expensive was that, token-wise?" and "how many input tokens did we send?".
 * After the fallbacks (fallback.ts for files and tokens, conversation/recall-fallback.ts for
 * questions about the user; fallbacks.test.ts) 40/40, asserted as the floor.
 */
const GOAL = 40 / 40;

heldOutSuite(7, 'seventh', HELD_OUT_7, GOAL);
