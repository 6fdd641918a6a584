// Held out, sixth set (issue 33): 40 phrasings written by the lead without looking at the Demo's
// patterns, each with the conversation before it, tried on the Demo as it was after the set-5
// fixes. Same criterion as the other held-out sets (playRow finds no problem); the rate is printed.
import {
  SAVED,
  TOKENS,
  heldOutSuite,
  removal,
  type Row,
} from '../../../../tests/fixtures/demo-session';

const HELD_OUT_6: Row[] = [
  // Recall from the conversation.
  {
    before: ["Hi! I'm Dimitri and I'm a chemist in Athens"],
    say: 'where do I live?',
    calls: [],
    answer: ['Athens'],
  },
  {
    before: ["I've worked at Nokia for five years"],
    say: 'what company am I with?',
    calls: [],
    answer: ['Nokia'],
  },
  {
    before: ["I'm Keiko, I'm a violinist"],
    say: "what's my occupation?",
    calls: [],
    answer: ['violinist'],
  },
  { before: ['hey, call me Benji'], say: 'what should you call me?', calls: [], answer: ['Benji'] },
  { before: ['my son is named Leo'], say: "what is my son's name?", calls: [], answer: ['Leo'] },
  {
    before: ['my colleague Ana sits next to me'],
    say: 'who sits next to me?',
    calls: [],
    answer: ['Ana'],
  },
  {
    before: ["I'm visiting Iceland in December"],
    say: 'where am I visiting in December?',
    calls: [],
    answer: ['Iceland'],
  },
  {
    before: ["hello, I'm Rania and I'm from Amman"],
    say: 'where do I come from?',
    calls: [],
    answer: ['Amman'],
  },
  { before: ["my partner's name is Sam"], say: "who's my partner?", calls: [], answer: ['Sam'] },
  {
    before: ["I'm Yusuf, an engineer at Siemens"],
    say: 'who do I work for?',
    calls: [],
    answer: ['Siemens'],
  },
  // Introductions saved as facts.
  {
    say: "hey there, I'm Ana and I'm a nurse in Lisbon",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Ana.", 'nurse', 'Lisbon'],
  },
  {
    say: 'Hello, I am Viktor, a mechanic from Brno',
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Viktor.", 'mechanic', 'Brno'],
  },
  {
    say: "I'm Zoe and I work for Atlassian in Sydney",
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Zoe.", 'Atlassian', 'Sydney'],
  },
  {
    say: 'hi, my name is Kenji. I am a data analyst',
    calls: [['edit_file', { file_path: '/memories/AGENTS.md' }]],
    answer: [SAVED],
    memory: ["- User's name is Kenji.", 'data analyst'],
  },
  // Forget.
  {
    before: ['I prefer spaces over tabs'],
    say: 'forget that I prefer spaces',
    calls: [removal('User prefers spaces over tabs.')],
    answer: ['spaces'],
    forgotten: ['spaces'],
  },
  {
    before: ['I live in Porto'],
    say: "don't remember where I live",
    calls: [removal('User lives in Porto.')],
    answer: ['Porto'],
    forgotten: ['Porto'],
  },
  {
    before: ["I'm allergic to cats"],
    say: 'please delete the cat allergy from memory',
    calls: [removal('User is allergic to cats.')],
    answer: ['cats'],
    forgotten: ['cats'],
  },
  {
    before: ['My name is Ilse'],
    say: 'forget my name please',
    calls: [removal("User's name is Ilse.")],
    answer: ['Ilse'],
    forgotten: ['Ilse'],
  },
  {
    before: ['I prefer bullet points'],
    say: 'remove the bullet points preference',
    calls: [removal('User prefers bullet points.')],
    answer: ['bullet points'],
    forgotten: ['bullet points'],
  },
  // Make / write a file.
  {
    say: 'create groceries.md with apples, rice and coffee',
    calls: [['write_file', { file_path: '/groceries.md' }]],
    answer: ['/groceries.md'],
    files: { '/groceries.md': ['apples, rice and coffee'] },
  },
  {
    say: 'make a file plans/week.md with four goals for this week',
    calls: [['write_file', { file_path: '/plans/week.md' }]],
    answer: ['/plans/week.md'],
    files: { '/plans/week.md': ['1.', '4.'] },
  },
  {
    say: 'write a file called thanks.txt saying Thank you all',
    calls: [['write_file', { file_path: '/thanks.txt' }]],
    answer: ['/thanks.txt'],
    files: { '/thanks.txt': ['Thank you all'] },
  },
  {
    say: 'could you save links.md containing https://example.com',
    calls: [['write_file', { file_path: '/links.md' }]],
    answer: ['/links.md'],
    files: { '/links.md': ['https://example.com'] },
  },
  {
    say: 'please draft an agenda.md for a team offsite',
    calls: [['write_file', { file_path: '/agenda.md' }]],
    answer: ['/agenda.md'],
    files: { '/agenda.md': ['offsite'] },
  },
  // Open / show.
  {
    say: 'open the readme',
    calls: [['glob'], ['read_file', { file_path: '/README.md' }]],
    answer: ['WEATHER_API_KEY'],
  },
  {
    say: 'show src/forecast.ts',
    calls: [['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  {
    say: "can you read the notes folder's todo?",
    calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  {
    say: 'what is in README.md?',
    calls: [['read_file', { file_path: '/README.md' }]],
    answer: ['WEATHER_API_KEY'],
  },
  {
    say: 'open up the forecast code',
    calls: [['glob'], ['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  // Compare two named strategies.
  {
    say: 'compare the sliding window with retrieval',
    calls: [],
    answer: ['**Sliding window**', '**Retrieval**'],
    not: ['**Graph**'],
  },
  {
    say: 'summarization vs paging — pros and cons?',
    calls: [],
    answer: ['**Summarization**', '**OS-like paging**'],
    not: ['**Retrieval**'],
  },
  {
    say: 'which is better: graph or retrieval?',
    calls: [],
    answer: ['**Graph**', '**Retrieval**'],
    not: ['**Sliding window**'],
  },
  {
    say: "what's the difference between paging and summarization?",
    calls: [],
    answer: ['**OS-like paging**', '**Summarization**'],
    not: ['**Graph**'],
  },
  {
    say: 'sliding window vs graph, which remembers more?',
    calls: [],
    answer: ['**Sliding window**', '**Graph**'],
    not: ['**Retrieval**'],
  },
  // Token figures.
  { before: ['hello'], say: 'how many tokens are we at?', calls: [], answer: [TOKENS] },
  { before: ['hi'], say: 'show token usage', calls: [], answer: [TOKENS] },
  { before: ['hello'], say: 'what did the last call cost in tokens?', calls: [], answer: [TOKENS] },
  { before: ['list the files'], say: "what's the total token count?", calls: [], answer: [TOKENS] },
  { before: ['hey'], say: 'how close are we to the context limit?', calls: [], answer: [TOKENS] },
  { before: ['hello'], say: 'token count?', calls: [], answer: [TOKENS] },
];

/**
 * The first rate measured, before any change for this set, was 35/40 (87.5%). First rates of the
 * blind sets: set 2 34/40, set 3 31/40, set 4 34/40, set 5 35/40, set 6 35/40. Missed: "what
 * company am I with?" (after "I've worked at Nokia for five years"), "can you read the notes
 * folder's todo?", "what did the last call cost in tokens?", "how close are we to the context
 * limit?", and "what is in README.md?", whose answer is right (the file's text) but which looked
 * the name up with glob before reading it, where the row wants read_file alone: kept as written.
 * After general fixes ("I've worked at X for N years", "I've been at X for N years"; the employer
 * asked as what company / firm / organisation am I with / at / part of, who employs me; the last
 * call, reply, turn or message answered with its own figures; nearness to the context limit,
 * the window or compaction answered with what is used, the window and what is left; a folder's
 * file said with a possessive or "of"; families-6.test.ts and paraphrase-sixth.test.ts hold other
 * sentences of each, and near misses) it is 39/40: the goal is asserted, and the after-fix rate
 * is the floor. Still missed, as written: "what is in README.md?" globs before reading. The Demo
 * plans from the request alone, which lists no files, so it cannot know that /README.md exists;
 * reading a typed name at the root first would fail for a name that lives in a folder ("todo.md"
 * is /notes/todo.md) and show a failed call.
 */
const GOAL = 0.9;
const FLOOR = 39 / 40;

heldOutSuite(6, 'sixth', HELD_OUT_6, GOAL, FLOOR);
