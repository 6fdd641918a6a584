// Held out, fifth set (issue 33): 40 phrasings written by the lead without looking at the Demo's
// patterns, each with the conversation before it, tried on the Demo as it was after the set-4
// fixes and the paraphrase pass (paraphrase*.test.ts). Same criterion as the other held-out sets
// (playRow finds no problem); the rate is printed.
import {
  SAVED,
  TOKENS,
  heldOutSuite,
  removal,
  type Row,
} from '../../../../tests/fixtures/demo-session';

const HELD_OUT_5: Row[] = [
  // Recall from the conversation.
  {
    before: ["Hey! Name's Olga, I'm an electrician living in Riga"],
    say: 'ok so where do I live again?',
    calls: [],
    answer: ['Riga'],
  },
  {
    before: ['I just started a new job at Deloitte'],
    say: 'quick question, who is my employer?',
    calls: [],
    answer: ['Deloitte'],
  },
  {
    before: ["I'm Finn. I work as a firefighter."],
    say: 'do you remember what my job is?',
    calls: [],
    answer: ['firefighter'],
  },
  {
    before: ['hello, my name is Priya'],
    say: 'sorry, what is my name?',
    calls: [],
    answer: ['Priya'],
  },
  {
    before: ['My daughter is called Emma'],
    say: "what's my daughter's name?",
    calls: [],
    answer: ['Emma'],
  },
  { before: ['my boss is named Victor'], say: 'who is my boss?', calls: [], answer: ['Victor'] },
  {
    before: ["I'm going to Peru in the summer"],
    say: 'where am I going this summer?',
    calls: [],
    answer: ['Peru'],
  },
  {
    before: ["hi, I'm Jonas and I live in Hamburg"],
    say: 'which city do I live in?',
    calls: [],
    answer: ['Hamburg'],
  },
  {
    before: ["I'm studying for the bar exam"],
    say: 'what am I studying for?',
    calls: [],
    answer: ['bar exam'],
  },
  {
    before: ["I'm Aisha, a midwife in Kano"],
    say: 'can you tell me what I do?',
    calls: [],
    answer: ['midwife'],
  },
  // Introductions saved as facts.
  {
    say: "hello! I'm Lucas, a photographer based in Porto Alegre",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Lucas.", 'photographer', 'Porto Alegre'],
  },
  {
    say: 'My name is Ngozi and I am a doctor in Abuja',
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Ngozi.", 'doctor', 'Abuja'],
  },
  {
    say: "hey, I'm Tom and I work at Canva",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Tom.", 'Canva'],
  },
  {
    say: 'Hi — Magda here, I am a journalist in Kraków',
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Magda.", 'journalist', 'Kraków'],
  },
  // Forget.
  {
    before: ['I prefer vim keybindings'],
    say: 'please forget about vim keybindings',
    calls: [removal('User prefers vim keybindings.')],
    answer: ['vim'],
    forgotten: ['vim'],
  },
  {
    before: ['I live in Quito'],
    say: 'forget where I live',
    calls: [removal('User lives in Quito.')],
    answer: ['Quito'],
    forgotten: ['Quito'],
  },
  {
    before: ["I'm lactose intolerant"],
    say: 'could you forget that I am lactose intolerant?',
    calls: [removal('User is lactose intolerant.')],
    answer: ['lactose'],
    forgotten: ['lactose'],
  },
  {
    before: ['My name is Rosa'],
    say: 'delete my name from memory please',
    calls: [removal("User's name is Rosa.")],
    answer: ['Rosa'],
    forgotten: ['Rosa'],
  },
  {
    before: ['I prefer metric units'],
    say: "I don't want you to remember that I prefer metric units",
    calls: [removal('User prefers metric units.')],
    answer: ['metric'],
    forgotten: ['metric'],
  },
  // Make / write a file.
  {
    say: 'could you create packing.md with passport, charger and socks?',
    calls: [['write_file', { file_path: '/packing.md' }]],
    answer: ['/packing.md'],
    files: { '/packing.md': ['passport, charger and socks'] },
  },
  {
    say: 'make me a file called books.md listing five novels to read',
    calls: [['write_file', { file_path: '/books.md' }]],
    answer: ['/books.md'],
    files: { '/books.md': ['1.', '5.'] },
  },
  {
    say: 'write notes/standup.md saying Blocked on review',
    calls: [['write_file', { file_path: '/notes/standup.md' }]],
    answer: ['/notes/standup.md'],
    files: { '/notes/standup.md': ['Blocked on review'] },
  },
  {
    say: 'please create budget.md containing Rent: 900',
    calls: [['write_file', { file_path: '/budget.md' }]],
    answer: ['/budget.md'],
    files: { '/budget.md': ['Rent: 900'] },
  },
  {
    say: 'can you write an outline in talk.md for a conference talk on caching?',
    calls: [['write_file', { file_path: '/talk.md' }]],
    answer: ['/talk.md'],
    files: { '/talk.md': ['caching'] },
  },
  // Open / show.
  {
    say: 'please open /notes/todo.md',
    calls: [['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  {
    say: 'show me the readme',
    calls: [['glob'], ['read_file', { file_path: '/README.md' }]],
    answer: ['WEATHER_API_KEY'],
  },
  {
    say: 'could you open the forecast.ts file?',
    calls: [['glob'], ['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  {
    say: "what's written in notes/todo.md?",
    calls: [['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  {
    say: 'display the todo from the notes directory',
    calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  // Compare two named strategies.
  {
    say: "what's the difference between summarization and a sliding window?",
    calls: [],
    answer: ['**Summarization**', '**Sliding window**'],
    not: ['**Graph**'],
  },
  {
    say: 'paging or graph — which one remembers better?',
    calls: [],
    answer: ['**OS-like paging**', '**Graph**'],
    not: ['**Retrieval**'],
  },
  {
    say: 'can you compare retrieval and paging?',
    calls: [],
    answer: ['**Retrieval**', '**OS-like paging**'],
    not: ['**Sliding window**'],
  },
  {
    say: 'sliding window versus retrieval: which costs fewer tokens?',
    calls: [],
    answer: ['**Sliding window**', '**Retrieval**'],
    not: ['**Graph**'],
  },
  {
    say: 'how is summarization different from graph memory?',
    calls: [],
    answer: ['**Summarization**', '**Graph**'],
    not: ['**Sliding window**'],
  },
  // Token figures.
  { before: ['hello'], say: 'how many tokens have I used?', calls: [], answer: [TOKENS] },
  { before: ['hi'], say: 'what is the token total so far?', calls: [], answer: [TOKENS] },
  { before: ['hello'], say: 'tell me the token usage', calls: [], answer: [TOKENS] },
  {
    before: ['list the files'],
    say: 'how many tokens did the last reply use?',
    calls: [],
    answer: [TOKENS],
  },
  { before: ['hey'], say: 'tokens?', calls: [], answer: [TOKENS] },
  { before: ['hello'], say: "what's the context size right now?", calls: [], answer: [TOKENS] },
];

/**
 * The first rate measured, before any change for this set, was 35/40 (87.5%), under the 90% goal.
 * First rates of the blind sets so far: set 2 34/40, set 3 31/40, set 4 34/40, set 5 35/40.
 * Missed: "quick question, who is my employer?" (after "I just started a new job at Deloitte"),
 * "I don't want you to remember that I prefer metric units", "make me a file called books.md
 * listing five novels to read" (an outline of three), "what's written in notes/todo.md?" and
 * "what's the context size right now?". After general fixes (a new job said as news: "started a
 * new job at X", "joined X", "got hired at X", "moved to X as a …"; "I don't want you to remember
 * …", "I'd rather you didn't remember …"; a counted list, "listing N things to …", with N as a
 * word or a digit, at most 20 and the cut said; "what's written / what does it say in X"; the
 * prompt's size, and "right now" or "at the moment" after a question; families.test.ts holds
 * other sentences of each, and near misses) it is 40/40, so the goal is asserted, and no row
 * may fall back: the floor is the after-fix rate.
 */
const GOAL = 0.9;
const FLOOR = 40 / 40;

heldOutSuite(5, 'fifth', HELD_OUT_5, GOAL, FLOOR);
