// The families behind the sixth held-out set's misses (held-out-6.test.ts), each with sentences
// not in that set, and the near misses that must keep their meaning. Rows run through the real
// agent loop, the app's pipeline and the sample workspace (tests/fixtures/demo-session.ts), and
// every suggestion they offer is clicked.
import { describe, expect, it } from 'vitest';
import { TOKENS, playRow, type Row } from '../../../../tests/fixtures/demo-session';

const LAST_CALL = 'The last model call used';
const TODO = 'Cache responses for ten minutes.';

const SIXTH_FAMILIES: Record<string, Row[]> = {
  // The last call, reply, turn or message: its own figures, from its call record.
  "the last call's own figures": [
    {
      before: ['hello'],
      say: 'what did my previous message cost?',
      calls: [],
      answer: [LAST_CALL, TOKENS],
    },
    {
      before: ['hi'],
      say: 'how many tokens did the latest reply take?',
      calls: [],
      answer: [LAST_CALL],
    },
    { before: ['hey'], say: 'how big was your last response?', calls: [], answer: [LAST_CALL] },
    { before: ['hello'], say: 'how much did this turn cost?', calls: [], answer: [LAST_CALL] },
    { before: ['hi'], say: "what's our spend so far?", calls: [], answer: [TOKENS] },
    {
      before: ['hello'],
      say: 'how much did we spend on the flights so far?',
      calls: [],
      answer: [],
      not: [TOKENS],
    },
    {
      before: ['hello'],
      say: 'what did the last reply say about costs?',
      calls: [],
      answer: [],
      not: [TOKENS],
    },
  ],
  // How near the context is to its limit: used, the window, what is left.
  'nearness to the limit': [
    {
      before: ['hello'],
      say: 'how far are we from the token limit?',
      calls: [],
      answer: ['128,000-token context window', 'tokens left'],
    },
    {
      before: ['hi'],
      say: 'is this chat nearing compaction?',
      calls: [],
      answer: ['tokens left'],
    },
    {
      before: ['hey'],
      say: 'how much headroom is left in the window?',
      calls: [],
      answer: ['tokens left'],
    },
    { before: ['hello'], say: 'when will compaction kick in?', calls: [], answer: ['tokens left'] },
    {
      before: ['hi'],
      say: 'how many tokens until compaction?',
      calls: [],
      answer: ['tokens left'],
    },
    { before: ['hey'], say: "what's the window size?", calls: [], answer: ['tokens left'] },
    {
      before: ['hello'],
      say: 'how much space is left in the context?',
      calls: [],
      answer: ['tokens left'],
    },
    { before: ['hi'], say: 'how much budget do we have left?', calls: [], answer: ['tokens left'] },
    {
      before: ['hello'],
      say: 'how much budget do we have left for the party?',
      calls: [],
      answer: [],
      not: [TOKENS],
    },
    {
      before: ['hello'],
      say: 'how close are we to the deadline?',
      calls: [],
      answer: [],
      not: [TOKENS],
    },
    {
      before: ['hello'],
      say: 'how close am I to my credit card limit?',
      calls: [],
      answer: [],
      not: [TOKENS],
    },
  ],
  // "what company / firm / organisation am I with / at / part of", after years at a named place.
  'the employer asked back': [
    {
      before: ['I have worked at Nokia for ten years'],
      say: 'which firm am I with?',
      calls: [],
      answer: ['Nokia'],
    },
    {
      before: ["I've been with Lego for six years"],
      say: 'who employs me?',
      calls: [],
      answer: ['Lego'],
    },
    {
      before: ['I work for Philips'],
      say: 'what organisation am I part of?',
      calls: [],
      answer: ['Philips'],
    },
    {
      before: ['I work for Philips'],
      say: 'which employer did I mention?',
      calls: [],
      answer: ['You work at **Philips**'],
    },
    {
      before: ['I work for Philips'],
      say: 'what company makes the iPhone?',
      calls: [],
      answer: [],
      not: ['You work at'],
    },
    {
      before: ["I've been at Glastonbury"],
      say: 'where do I work?',
      calls: [],
      answer: ["I don't know where you work"],
    },
  ],
  // A folder's file said with a possessive or "of"; a file's own possessive ("the readme's text").
  "a folder's file by description": [
    {
      say: "open the notes folder's todo list",
      calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
      answer: [TODO],
    },
    {
      say: "show me src's forecast",
      calls: [['glob'], ['read_file', { file_path: '/src/forecast.ts' }]],
      answer: ['formatForecast'],
    },
    {
      say: 'read the todo of the notes directory',
      calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
      answer: [TODO],
    },
    {
      say: "read the readme's contents",
      calls: [['glob'], ['read_file', { file_path: '/README.md' }]],
      answer: ['WEATHER_API_KEY'],
    },
    {
      say: 'hey let me see the todo file in the notes dir',
      calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
      answer: [TODO],
    },
    { say: 'read me a poem about notes', calls: [], answer: [], not: [TODO] },
  ],
};

describe('the families behind the sixth held-out set', () => {
  const rows = Object.entries(SIXTH_FAMILIES).flatMap(([family, list]) =>
    list.map((row) => [`${family}: ${[...(row.before ?? []), row.say].join(' → ')}`, row] as const),
  );
  it.each(rows)('%s', async (_, row) => {
    expect(await playRow(row, { click: true })).toEqual([]);
  });
});
