// Paraphrases, the last set written by hand in this round (issue 33): 43 sentences written after
// the fixes for the other paraphrase tables and before this file was run: people and pets said in
// passing ("my boss, Helen, is great"), a job said as "my job is …", forgetting a kind of fact by
// a description ("the languages I speak"), other names for strategies and token figures. First
// rates, before any fix for this file: recall 13/16, forget 4/6, open 6/6, compare 3/5, tokens
// 1/5, write 1/3, introduction 1/2 (29/43, 67%). After general fixes: 42/43. Left on purpose:
// "summaries vs. vector search" (a bare "summaries" is too common a word to name a strategy).
import { SAVED, TOKENS, removal } from '../../../../tests/fixtures/demo-session';
import {
  handWrittenSuite,
  recallRow,
  type ParaphraseRow,
} from '../../../../tests/fixtures/demo-session-paraphrase';

const R = recallRow;
const KINDS: Record<string, ParaphraseRow[]> = {
  recall: [
    R('my brother Sam lives in Leeds', "what's my brother's name?", 'Sam'),
    R("I've got two dogs, Pip and Moss", 'what are my dogs called?', 'Pip'),
    R('my boss, Helen, is great', "who's my boss?", 'Helen'),
    R('my best mate is Raj', 'who is my best mate?', 'Raj'),
    R("I'm going to Rome next week", 'where am I going next week?', 'Rome'),
    R("we're off to Crete in June", 'where are we going in June?', 'Crete'),
    R("I'm hoping to learn Portuguese this year", 'what am I hoping to learn?', 'Portuguese'),
    R('I can speak Hindi and Tamil', 'which languages do I know?', 'Hindi'),
    R('I love baking bread on Sundays', 'what do I love doing?', 'baking'),
    R("I'm a big fan of cycling", 'what am I a fan of?', 'cycling'),
    R('my job is teaching yoga', "what's my job?", 'yoga'),
    R("I'm currently working as a barista", 'what do I do?', 'barista'),
    R('I work for the NHS', 'who do I work for?', 'NHS'),
    R('I was born in Cork', 'where was I born?', 'Cork'),
    R("my name's Ellie but call me El", 'what should you call me?', 'El'),
    R('I live in a flat in Glasgow', 'where do I live?', 'Glasgow'),
  ],
  forget: [
    {
      before: ['my brother is called Sam'],
      say: 'forget my brother',
      calls: [removal("User's brother is called Sam.")],
      answer: ['Sam'],
      forgotten: ['Sam'],
    },
    {
      before: ['I live in Leeds'],
      say: 'forget the city I live in',
      calls: [removal('User lives in Leeds.')],
      answer: ['Leeds'],
      forgotten: ['Leeds'],
    },
    {
      before: ['I love cycling'],
      say: 'forget my hobbies',
      calls: [removal('User loves cycling.')],
      answer: ['cycling'],
      forgotten: ['cycling'],
    },
    {
      before: ['I speak Hindi'],
      say: 'remove the languages I speak',
      calls: [removal('User speaks Hindi.')],
      answer: ['Hindi'],
      forgotten: ['Hindi'],
    },
    {
      before: ["I'm going to Rome next week"],
      say: 'forget my travel plans',
      calls: [removal('User is going to Rome next week.')],
      answer: ['Rome'],
      forgotten: ['Rome'],
    },
    {
      before: ['my dog is called Pip'],
      say: "delete my dog's name",
      calls: [removal("User's dog is called Pip.")],
      answer: ['Pip'],
      forgotten: ['Pip'],
    },
  ],
  open: [
    { say: 'open the todo under notes', calls: [], answer: ['Cache responses'], open: true },
    {
      say: 'show me forecast.ts in the src folder',
      calls: [],
      answer: ['formatForecast'],
      open: true,
    },
    { say: 'what is in the todo file?', calls: [], answer: ['Cache responses'], open: true },
    { say: 'display the file notes/todo.md', calls: [], answer: ['Cache responses'], open: true },
    { say: 'read out the README', calls: [], answer: ['weather-cli'], open: true },
    {
      say: 'could you open the forecast script',
      calls: [],
      answer: ['formatForecast'],
      open: true,
    },
  ],
  compare: [
    {
      say: 'hierarchical memory versus a knowledge graph',
      calls: [],
      answer: ['**Hierarchical**', '**Graph**'],
    },
    {
      say: 'which uses fewer tokens, sliding window or retrieval?',
      calls: [],
      answer: ['**Sliding window**', '**Retrieval**'],
    },
    {
      say: 'compare MemGPT-style memory with RAG',
      calls: [],
      answer: ['**OS-like paging**', '**Retrieval**'],
    },
    {
      say: 'summaries vs. vector search',
      calls: [],
      answer: ['**Summarization**', '**Retrieval**'],
    },
    {
      say: 'rolling window or summary buffer?',
      calls: [],
      answer: ['**Sliding window**', '**Summarization**'],
    },
  ],
  tokens: [
    { before: ['hi'], say: 'how many tokens did we burn?', calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'what is the running total?', calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'usage stats', calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'how much of my budget is used?', calls: [], answer: [TOKENS] },
    { before: ['hi'], say: 'tally?', calls: [], answer: [TOKENS] },
  ],
  write: [
    {
      say: 'write down "ship v2" in notes/ship.md',
      calls: [['write_file', { file_path: '/notes/ship.md' }]],
      answer: ['/notes/ship.md'],
      files: { '/notes/ship.md': ['ship v2'] },
    },
    {
      say: 'create a todo list in tasks.md with three tasks',
      calls: [['write_file', { file_path: '/tasks.md' }]],
      answer: ['/tasks.md'],
      files: { '/tasks.md': ['1.'] },
    },
    {
      say: 'make recipes.md and add pancakes to it',
      calls: [['write_file', { file_path: '/recipes.md' }]],
      answer: ['/recipes.md'],
      files: { '/recipes.md': ['pancakes'] },
    },
  ],
  intro: [
    {
      say: "Hi, Maria here! I'm a paramedic in Bilbao.",
      calls: [['edit_file']],
      answer: [SAVED],
      memory: ["- User's name is Maria.", 'paramedic', 'Bilbao'],
    },
    {
      say: "hey. i'm Zoe, UX designer at Miro, based in Berlin",
      calls: [['edit_file']],
      answer: [SAVED],
      memory: ["- User's name is Zoe.", 'UX designer', 'Berlin'],
    },
  ],
};

/** The lowest rate over the whole set. */
const GOAL = 0.95;

handWrittenSuite('last', 'paraphrases, the last set written by hand', KINDS, GOAL);
