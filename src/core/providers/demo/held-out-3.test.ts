// Held out, third set (issue 33): 40 phrasings written before reading the Demo's patterns, each
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

const HELD_OUT_3: Row[] = [
  // Recall from the conversation.
  {
    before: ["hey, I'm Marta, I teach maths in Valencia"],
    say: 'remind me where I live?',
    calls: [],
    answer: ['Valencia'],
  },
  {
    before: ['I work for Spotify as a data scientist'],
    say: 'which company do I work at?',
    calls: [],
    answer: ['Spotify'],
  },
  {
    before: ["hello there, I'm Kwame and I'm a civil engineer"],
    say: 'what is my profession?',
    calls: [],
    answer: ['civil engineer'],
  },
  {
    before: ["I'm Lena, nice to meet you"],
    say: 'what did I say my name was?',
    calls: [],
    answer: ['Lena'],
  },
  {
    before: ["my brother's name is Arjun"],
    say: "what's my brother called?",
    calls: [],
    answer: ['Arjun'],
  },
  {
    before: ['My dog is called Biscuit'],
    say: "what's the name of my dog?",
    calls: [],
    answer: ['Biscuit'],
  },
  {
    before: ["I'm moving to Berlin next month"],
    say: 'where am I moving to?',
    calls: [],
    answer: ['Berlin'],
  },
  {
    before: ["I'm Sofia and I'm based in Montreal"],
    say: 'where am I based?',
    calls: [],
    answer: ['Montreal'],
  },
  { before: ['my team lead is Grace'], say: 'who leads my team?', calls: [], answer: ['Grace'] },
  {
    before: ["I'm learning Spanish for a trip to Mexico"],
    say: 'what language am I learning?',
    calls: [],
    answer: ['Spanish'],
  },
  // Introductions saved as facts.
  {
    say: "hi, I'm Rahul, I'm a product manager in Bangalore",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Rahul.", 'product manager', 'Bangalore'],
  },
  {
    say: 'Good morning! My name is Elif and I work as a dentist in Izmir',
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Elif.", 'dentist', 'Izmir'],
  },
  {
    say: "I'm Chen, a student at MIT",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Chen.", 'student', 'MIT'],
  },
  {
    say: "name's Jack, I'm a chef and I live in Melbourne",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Jack.", 'chef', 'Melbourne'],
  },
  // Forget.
  {
    before: ['I prefer dark mode'],
    say: 'please forget that I prefer dark mode',
    calls: [removal('User prefers dark mode.')],
    answer: ['dark mode'],
    forgotten: ['dark mode'],
  },
  {
    before: ['I live in Cardiff'],
    say: 'remove my city from memory',
    calls: [removal('User lives in Cardiff.')],
    answer: ['Cardiff'],
    forgotten: ['Cardiff'],
  },
  {
    before: ["I'm vegetarian"],
    say: 'forget that I am vegetarian',
    calls: [removal('User is vegetarian.')],
    answer: ['vegetarian'],
    forgotten: ['vegetarian'],
  },
  {
    before: ['My name is Oskar'],
    say: 'erase my name from your memory',
    calls: [removal("User's name is Oskar.")],
    answer: ['Oskar'],
    forgotten: ['Oskar'],
  },
  {
    before: ['I prefer short answers'],
    say: "you don't need to remember that I like short answers",
    calls: [removal('User prefers short answers.')],
    answer: ['short answers'],
    forgotten: ['short answers'],
  },
  // Make / write a file.
  {
    say: 'make a file called shopping.md with eggs, milk and bread',
    calls: [['write_file', { file_path: '/shopping.md' }]],
    answer: ['/shopping.md'],
    files: { '/shopping.md': ['eggs, milk and bread'] },
  },
  {
    say: 'create a new file notes/ideas.md with three ideas for a side project',
    calls: [['write_file', { file_path: '/notes/ideas.md' }]],
    answer: ['/notes/ideas.md'],
    files: { '/notes/ideas.md': ['1.', '3.'] },
  },
  {
    say: 'write a readme.md that says This project is a prototype',
    calls: [['write_file', { file_path: '/readme.md' }]],
    answer: ['/readme.md'],
    files: { '/readme.md': ['This project is a prototype'] },
  },
  {
    say: 'save a file called goals.md containing Run a marathon',
    calls: [['write_file', { file_path: '/goals.md' }]],
    answer: ['/goals.md'],
    files: { '/goals.md': ['Run a marathon'] },
  },
  {
    say: 'could you put together a checklist.md for moving house?',
    calls: [['write_file', { file_path: '/checklist.md' }]],
    answer: ['/checklist.md'],
    files: { '/checklist.md': ['moving house'] },
  },
  // Open / show.
  {
    say: 'open notes/todo.md',
    calls: [['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  {
    say: "what's in the todo list under notes?",
    calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  {
    say: 'show the forecast file',
    calls: [['glob'], ['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  {
    say: 'can I see the contents of the notes todo?',
    calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  {
    say: 'read me src/forecast.ts',
    calls: [['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  // Compare two named strategies.
  {
    say: 'how does paging differ from a sliding window?',
    calls: [],
    answer: ['**OS-like paging**', '**Sliding window**'],
    not: ['**Graph**'],
  },
  {
    say: 'which is better for long chats, summarization or retrieval?',
    calls: [],
    answer: ['**Summarization**', '**Retrieval**'],
    not: ['**Graph**'],
  },
  {
    say: 'graph vs summarization?',
    calls: [],
    answer: ['**Graph**', '**Summarization**'],
    not: ['**Sliding window**'],
  },
  {
    say: 'explain the difference between the sliding window and paging strategies',
    calls: [],
    answer: ['**Sliding window**', '**OS-like paging**'],
    not: ['**Retrieval**'],
  },
  {
    say: 'retrieval or sliding window — which keeps more?',
    calls: [],
    answer: ['**Retrieval**', '**Sliding window**'],
    not: ['**Graph**'],
  },
  // Token figures.
  { before: ['hello'], say: 'how many tokens so far?', calls: [], answer: [TOKENS] },
  { before: ['hi there'], say: 'what has this chat cost in tokens?', calls: [], answer: [TOKENS] },
  { before: ['hello'], say: 'give me the token numbers', calls: [], answer: [TOKENS] },
  {
    before: ['list the files'],
    say: 'how big is the context now, in tokens?',
    calls: [],
    answer: [TOKENS],
  },
  { before: ['hey'], say: 'total tokens used?', calls: [], answer: [TOKENS] },
  { before: ['hello'], say: 'are we using a lot of tokens?', calls: [], answer: [TOKENS] },
];

/**
 * The first rate measured, before any change to the Demo, was 31/40 (77.5%), under the 90% goal.
 * Missed: "remind me where I live?" (after "I teach maths in Valencia"), "name's Jack, …",
 * "remove my city from memory", "you don't need to remember that I like short answers", "put
 * together a checklist.md for moving house", "what's in the todo list under notes?", and three
 * token questions ("what has this chat cost in tokens?", "how big is the context now, in
 * tokens?", "are we using a lot of tokens?"). After general fixes (a place said with another verb,
 * a name without "my", a kind of fact to forget, "no need to remember", a file's purpose as its
 * outline's topic, a named file in a folder after "what's in", tokens spent by us or this chat and
 * a size in tokens; families.test.ts holds other sentences of each) it is 40/40, so the goal is
 * asserted.
 */
const GOAL = 0.9;

heldOutSuite(3, 'third', HELD_OUT_3, GOAL);
