// Paraphrases, a fourth set (issue 33): 51 sentences written by hand after the fixes for the first
// three tables and before this file was run: follow-ups without a verb ("my job?", "and where do
// I live?"), "remind me of …", "again", introductions in odd shapes. First rates, before any fix
// for this file: recall 11/18, introduction 1/5, forget 4/6, write 3/5, open 5/6, compare 5/5,
// tokens 4/6 (33/51, 65%). After general fixes (a kind of fact named by its noun and asked with no
// verb, "remind me of my name", "again" at the end, "where am I?", "let me introduce myself:",
// "don't keep X on file", a clause after a comma that starts with "forget", "that just says",
// 'save this to X: "…"', the size of this conversation, how much we are spending): 46/51. Left:
// "I forgot my own name lol, what is it?" ("it" is the name only by the clause before),
// "I'm Jo, 34, living in Perth …" (an age inside an apposition), "hi i'm ravi, …" (a lower-case
// name is read as a word: "i'm tired"), "I'm Kofi. Software dev at Paystack, …" (the second
// sentence is read alone), "show the file under notes" (which file is a guess).
import { SAVED, TOKENS, removal } from '../../../../tests/fixtures/demo-session';
import {
  handWrittenSuite,
  recallRow,
  type ParaphraseRow,
} from '../../../../tests/fixtures/demo-session-paraphrase';

const R = recallRow;
const KINDS: Record<string, ParaphraseRow[]> = {
  recall: [
    R("I'm Theo, a chef in Bristol", 'my job?', 'chef'),
    R("I'm Theo, a chef in Bristol", 'and where do I live?', 'Bristol'),
    R("I'm Theo, a chef in Bristol", 'remind me of my name', 'Theo'),
    R("I'm Theo", 'I forgot my own name lol, what is it?', 'Theo'),
    R('my dog is called Bolt', "remind me of my dog's name", 'Bolt'),
    R('I work at Shell as a geologist', 'what company was it I work for?', 'Shell'),
    R('I work at Shell as a geologist', "what's my role?", 'geologist'),
    R('my partner is Sasha', "who's my partner?", 'Sasha'),
    R('my coworker Jin helps me a lot', 'who is my coworker?', 'Jin'),
    R("I'm planning to open a bakery", 'what did I say I was planning?', 'bakery'),
    R("I'm learning to play piano", 'what am I learning?', 'piano'),
    R('I live in Austin, Texas', 'which city?', 'Austin'),
    R('I speak Arabic', 'do you know which languages I speak?', 'Arabic'),
    R('my hobbies are running and chess', 'tell me my hobbies', 'running'),
    R("I'm a nurse", 'what do I do for work again?', 'nurse'),
    R("I'm based in Lyon", 'where am I?', 'Lyon'),
    R('I have two kids, Emma and Noah', 'what are my kids called?', 'Emma'),
    R("I'm Priya and my manager is Omar", 'who is my manager?', 'Omar'),
  ],
  intro: [
    {
      say: "Hey there. Name is Chen, I'm an accountant in Singapore.",
      calls: [['edit_file']],
      answer: [SAVED],
      memory: ["- User's name is Chen.", 'accountant', 'Singapore'],
    },
    {
      say: "I'm Jo, 34, living in Perth and working as a vet",
      calls: [['edit_file']],
      answer: [SAVED],
      memory: ["- User's name is Jo.", 'Perth'],
    },
    {
      say: "hi i'm ravi, i'm a student at MIT",
      calls: [['edit_file']],
      answer: [SAVED],
      memory: ['ravi', 'MIT'],
    },
    {
      say: "Hello! Let me introduce myself: I'm Eva, a journalist from Vienna.",
      calls: [['edit_file']],
      answer: [SAVED],
      memory: ["- User's name is Eva.", 'journalist', 'Vienna'],
    },
    {
      say: "I'm Kofi. Software dev at Paystack, living in Accra.",
      calls: [['edit_file']],
      answer: [SAVED],
      memory: ["- User's name is Kofi.", 'Paystack', 'Accra'],
    },
  ],
  forget: [
    {
      before: ['I live in Lima'],
      say: 'actually forget where I live',
      calls: [removal('User lives in Lima.')],
      answer: ['Lima'],
      forgotten: ['Lima'],
    },
    {
      before: ['I prefer tea'],
      say: 'I changed my mind, forget that I prefer tea',
      calls: [removal('User prefers tea.')],
      answer: ['tea'],
      forgotten: ['tea'],
    },
    {
      before: ['I am a chef'],
      say: "please don't keep my job on file",
      calls: [removal('User is a chef.')],
      answer: ['chef'],
      forgotten: ['chef'],
    },
    {
      before: ['my name is Lou'],
      say: 'erase my name from your memory please',
      calls: [removal("User's name is Lou.")],
      answer: ['Lou'],
      forgotten: ['Lou'],
    },
    {
      before: ['I work at Intel'],
      say: 'forget I work at Intel',
      calls: [removal('User works at Intel.')],
      answer: ['Intel'],
      forgotten: ['Intel'],
    },
    {
      before: ['I like sushi'],
      say: 'can you delete the sushi fact',
      calls: [removal('User likes sushi.')],
      answer: ['sushi'],
      forgotten: ['sushi'],
    },
  ],
  write: [
    {
      say: 'make a new note called groceries.md: eggs, milk, bread',
      calls: [['write_file', { file_path: '/groceries.md' }]],
      answer: ['/groceries.md'],
      files: { '/groceries.md': ['eggs, milk, bread'] },
    },
    {
      say: 'create notes/meeting.md with an agenda for Monday',
      calls: [['write_file', { file_path: '/notes/meeting.md' }]],
      answer: ['/notes/meeting.md'],
      files: { '/notes/meeting.md': ['Monday'] },
    },
    {
      say: 'write a file called hello.txt that just says hello world',
      calls: [['write_file', { file_path: '/hello.txt' }]],
      answer: ['/hello.txt'],
      files: { '/hello.txt': ['hello world'] },
    },
    {
      say: 'could you save this to notes/quote.md: "stay hungry"',
      calls: [['write_file', { file_path: '/notes/quote.md' }]],
      answer: ['/notes/quote.md'],
      files: { '/notes/quote.md': ['stay hungry'] },
    },
    {
      say: 'start a journal.md file for my trip to Peru',
      calls: [['write_file', { file_path: '/journal.md' }]],
      answer: ['/journal.md'],
      files: { '/journal.md': ['Peru'] },
    },
  ],
  open: [
    { say: 'open notes/todo.md', calls: [], answer: ['Cache responses'], open: true },
    { say: 'what does the readme say?', calls: [], answer: ['weather-cli'], open: true },
    { say: 'can you show me the todo?', calls: [], answer: ['Cache responses'], open: true },
    { say: 'read the forecast.ts file in src', calls: [], answer: ['formatForecast'], open: true },
    { say: 'show the file under notes', calls: [], answer: ['Cache responses'], open: true },
    { say: 'open the TODO', calls: [], answer: ['Cache responses'], open: true },
  ],
  compare: [
    { say: 'graph vs hierarchical?', calls: [], answer: ['**Graph**', '**Hierarchical**'] },
    {
      say: 'how does the sliding window compare with paging?',
      calls: [],
      answer: ['**Sliding window**', '**OS-like paging**'],
    },
    {
      say: 'Retrieval or summarization for a support bot?',
      calls: [],
      answer: ['**Retrieval**', '**Summarization**'],
    },
    {
      say: "what's the difference between compression and summarization",
      calls: [],
      answer: ['**Compression**', '**Summarization**'],
    },
    {
      say: 'explain sliding window vs RAG',
      calls: [],
      answer: ['**Sliding window**', '**Retrieval**'],
    },
  ],
  tokens: [
    { before: ['hi'], say: 'how many tokens is that?', calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'what is our total token count', calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'token usage?', calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'how many tokens have I used up?', calls: [], answer: [TOKENS] },
    { before: ['hi'], say: "what's the size of this conversation?", calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'how much are we spending?', calls: [], answer: [TOKENS] },
  ],
};

/** The lowest rate over the whole set (the five left above are 10%). */
const GOAL = 0.9;

handWrittenSuite('fourth', 'paraphrases, a fourth set written by hand', KINDS, GOAL);
