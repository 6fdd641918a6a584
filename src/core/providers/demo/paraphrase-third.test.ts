// Paraphrases, a third set (issue 33): 72 sentences written one by one (no generator) after the
// fixes for paraphrase.test.ts and paraphrase-fresh.test.ts and before this file was run, to see
// how far those fixes carry. First rates, before any fix for this file: recall 16/20,
// introduction 5/7, forget 5/9, write 5/8, open 9/10, compare 8/8, tokens 6/10 (54/72, 75%).
// After general fixes (a home near a place, "it's Lina here", "I do … work at", a hobby said
// after what is done, "don't need to know", "scratch", "take X out of memory", "I need a file
// …", 'jot "…" down in', "and write … in it" kept as one request, "have a look at", tokens
// alone, stats and totals): 69/72. Left, on purpose: "my dad is a pilot called Ken" (a name
// inside a description), "Spanish and French are the languages I speak" (the fact said
// backwards) and "undo the tabs preference" ("undo" is the chip's word for the last change).
import { SAVED, TOKENS, removal, type Row } from '../../../../tests/fixtures/demo-session';
import {
  handWrittenSuite,
  recallRow,
  type ParaphraseRow,
} from '../../../../tests/fixtures/demo-session-paraphrase';

const R = recallRow;
const KINDS: Record<string, ParaphraseRow[]> = {
  recall: [
    R('they call me Benji', 'what do people call me?', 'Benji'),
    R("I'm called Rosa", 'what am I called?', 'Rosa'),
    R('I live just outside Dublin', 'where do I live?', 'Dublin'),
    R("I'm a software engineer at Stripe", 'who is my employer?', 'Stripe'),
    R("I'm a software engineer at Stripe", "what's my job title?", 'software engineer'),
    R('my girlfriend is called Maya', "what's my girlfriend's name?", 'Maya'),
    R("my son's name is Leo", 'what is my son called?', 'Leo'),
    R("I've got a cat named Pixel", "what's my cat's name?", 'Pixel'),
    R("I'm learning Japanese", 'what language am I learning?', 'Japanese'),
    R("I'm moving to Berlin next year", 'where am I moving to?', 'Berlin'),
    R("I'm from Lagos originally", 'where am I from?', 'Lagos'),
    R('my dad is a pilot called Ken', "what's my dad's name?", 'Ken'),
    R('I play the guitar', 'what instrument do I play?', 'guitar'),
    R('I run marathons for fun', 'what do I do for fun?', 'marathons'),
    R('Spanish and French are the languages I speak', 'what languages do I speak?', 'Spanish'),
    R("I'm Ana", 'Do you remember who I am?', 'Ana'),
    R("I'm a teacher in Rome", 'can you remind me what I do?', 'teacher'),
    R('I work for Google', 'tell me where I work', 'Google'),
    R('my manager is Priya', 'remind me who my manager is', 'Priya'),
    R('I live in Quito', 'which city did I say I live in?', 'Quito'),
  ],
  intro: [
    {
      say: "Hi! I'm Sam. I'm a nurse at St Mary's in Leeds.",
      calls: [['edit_file']],
      answer: [SAVED],
      memory: ["- User's name is Sam.", 'nurse', 'Leeds'],
    },
    {
      say: "hey, it's Lina here, data scientist from Oslo",
      calls: [['edit_file']],
      answer: [SAVED],
      memory: ["- User's name is Lina.", 'data scientist', 'Oslo'],
    },
    {
      say: 'Greetings, I am Marco, an architect living in Milan',
      calls: [['edit_file']],
      answer: [SAVED],
      memory: ["- User's name is Marco.", 'architect', 'Milan'],
    },
    {
      say: "yo I'm Dev, I do backend work at Uber",
      calls: [['edit_file']],
      answer: [SAVED],
      memory: ["- User's name is Dev.", 'Uber'],
    },
    {
      say: 'My name is Olga; I teach chemistry in Kyiv',
      calls: [['edit_file']],
      answer: [SAVED],
      memory: ["- User's name is Olga.", 'Kyiv'],
    },
    {
      say: "hello there! I'm Tim and I'm a plumber",
      calls: [['edit_file']],
      answer: [SAVED],
      memory: ["- User's name is Tim.", 'plumber'],
    },
    {
      say: "I'm Yuki, I live in Sapporo and I work at Sony",
      calls: [['edit_file']],
      answer: [SAVED],
      memory: ["- User's name is Yuki.", 'Sapporo', 'Sony'],
    },
  ],
  forget: [
    {
      before: ['I live in Lima'],
      say: 'please forget where I live',
      calls: [removal('User lives in Lima.')],
      answer: ['Lima'],
      forgotten: ['Lima'],
    },
    {
      before: ['I live in Lima'],
      say: "you don't need to know where I live anymore",
      calls: [removal('User lives in Lima.')],
      answer: ['Lima'],
      forgotten: ['Lima'],
    },
    {
      before: ["I'm a dentist"],
      say: 'scratch my job from memory',
      calls: [removal('User is a dentist.')],
      answer: ['dentist'],
      forgotten: ['dentist'],
    },
    {
      before: ['I prefer tabs'],
      say: 'forget about tabs',
      calls: [removal('User prefers tabs.')],
      answer: ['tabs'],
      forgotten: ['tabs'],
    },
    {
      before: ['I prefer tabs'],
      say: 'undo the tabs preference',
      calls: [removal('User prefers tabs.')],
      answer: ['tabs'],
      forgotten: ['tabs'],
    },
    {
      before: ['my name is Zed'],
      say: 'delete my name please',
      calls: [removal("User's name is Zed.")],
      answer: ['Zed'],
      forgotten: ['Zed'],
    },
    {
      before: ['I work at Bosch'],
      say: 'remove my employer from your memory',
      calls: [removal('User works at Bosch.')],
      answer: ['Bosch'],
      forgotten: ['Bosch'],
    },
    {
      before: ["I'm allergic to cats"],
      say: "can you forget I'm allergic to cats",
      calls: [removal('User is allergic to cats.')],
      answer: ['cats'],
      forgotten: ['allergic'],
    },
    {
      before: ['I like jazz'],
      say: 'take jazz out of your memory',
      calls: [removal('User likes jazz.')],
      answer: ['jazz'],
      forgotten: ['jazz'],
    },
  ],
  write: [
    {
      say: 'make a file todo.md with: buy bread',
      calls: [['write_file', { file_path: '/todo.md' }]],
      answer: ['/todo.md'],
      files: { '/todo.md': ['buy bread'] },
    },
    {
      say: 'write a short outline about solar panels to notes/solar.md',
      calls: [['write_file', { file_path: '/notes/solar.md' }]],
      answer: ['/notes/solar.md'],
      files: { '/notes/solar.md': ['solar'] },
    },
    {
      say: 'can you create a new markdown file called goals with my goals for 2025',
      calls: [['write_file', { file_path: '/goals.md' }]],
      answer: ['/goals.md'],
      files: { '/goals.md': ['oals'] },
    },
    {
      say: 'put "meet Ana at 5" in a file called reminders.txt',
      calls: [['write_file', { file_path: '/reminders.txt' }]],
      answer: ['/reminders.txt'],
      files: { '/reminders.txt': ['meet Ana at 5'] },
    },
    {
      say: 'please draft notes/standup.md listing three updates',
      calls: [['write_file', { file_path: '/notes/standup.md' }]],
      answer: ['/notes/standup.md'],
      files: { '/notes/standup.md': ['1.'] },
    },
    {
      say: 'create a file ideas.md and write "try the new API" in it',
      calls: [['write_file', { file_path: '/ideas.md' }]],
      answer: ['/ideas.md'],
      files: { '/ideas.md': ['try the new API'] },
    },
    {
      say: 'I need a file plan.md with a plan for the move',
      calls: [['write_file', { file_path: '/plan.md' }]],
      answer: ['/plan.md'],
      files: { '/plan.md': ['move'] },
    },
    {
      say: 'jot "call mum" down in notes/calls.md',
      calls: [['write_file', { file_path: '/notes/calls.md' }]],
      answer: ['/notes/calls.md'],
      files: { '/notes/calls.md': ['call mum'] },
    },
  ],
  open: [
    {
      say: 'open the todo file in notes',
      calls: [],
      answer: ['Cache responses'],
      open: true,
    } as Row,
    { say: 'show me what is in the readme', calls: [], answer: ['weather-cli'], open: true },
    { say: "what's the readme say?", calls: [], answer: ['weather-cli'], open: true },
    {
      say: 'can you read todo.md for me',
      calls: [],
      answer: ['Cache responses'],
      open: true,
    } as Row,
    {
      say: 'display /src/forecast.ts please',
      calls: [],
      answer: ['formatForecast'],
      open: true,
    } as Row,
    {
      say: 'print out the contents of the todo',
      calls: [],
      answer: ['Cache responses'],
      open: true,
    } as Row,
    { say: 'open forecast', calls: [], answer: ['formatForecast'], open: true },
    { say: 'view notes/todo.md', calls: [], answer: ['Cache responses'], open: true },
    { say: 'show the readme file please', calls: [], answer: ['weather-cli'], open: true },
    {
      say: 'could I have a look at the forecast source?',
      calls: [],
      answer: ['formatForecast'],
      open: true,
    } as Row,
  ],
  compare: [
    { say: 'RAG vs sliding window?', calls: [], answer: ['**Retrieval**', '**Sliding window**'] },
    {
      say: 'what are the differences between paging and hierarchical memory',
      calls: [],
      answer: ['**OS-like paging**', '**Hierarchical**'],
    },
    {
      say: 'is a knowledge graph better than summarisation for long chats?',
      calls: [],
      answer: ['**Graph**', '**Summarization**'],
    },
    {
      say: 'compression or summarization, which saves more tokens?',
      calls: [],
      answer: ['**Compression**', '**Summarization**'],
    },
    {
      say: 'how is retrieval different from memory-augmented?',
      calls: [],
      answer: ['**Retrieval**', '**Memory-augmented**'],
    },
    {
      say: 'sequential vs sliding window: pros and cons',
      calls: [],
      answer: ['**Sequential**', '**Sliding window**'],
    },
    {
      say: 'Which should I choose: graph or paging?',
      calls: [],
      answer: ['**Graph**', '**OS-like paging**'],
    },
    {
      say: 'contrast summarization with retrieval',
      calls: [],
      answer: ['**Summarization**', '**Retrieval**'],
    },
  ],
  tokens: [
    { before: ['hi'], say: "what's my token usage so far?", calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'tokens?', calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'how many tokens has this used', calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'what did that cost me?', calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'show me the stats', calls: [], answer: [TOKENS] },
    {
      before: ['hi'],
      say: 'how long is this conversation in tokens?',
      calls: [],
      answer: [TOKENS],
    },
    { before: ['hi'], say: 'total token usage please', calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'how full is the context window?', calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'what are the totals?', calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'how much have I used?', calls: [], answer: [TOKENS] },
  ],
};

/** The lowest rate over the whole set. */
const GOAL = 0.95;

handWrittenSuite('third', 'paraphrases, a third set written by hand', KINDS, GOAL);
