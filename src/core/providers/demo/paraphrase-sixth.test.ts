// Paraphrases of the three kinds that missed in most blind sets (issue 33; held-out-6.test.ts):
// token questions (missed in every set), the employer asked back, and a file named by a
// description. Written in a vocabulary of its own, after the set-6 fixes and before this file was
// first run, so that it measures how far those fixes carry by family rather than by sentence.
// Same wrappers and check as paraphrase-fresh.test.ts (playRow), another seed.
// First rates, before any fix for this file: tokens 54/60, employer 37/42, a file by description
// 38/39 (on the code before the set-6 fixes: 24/60, 28/42, 20/39).
import { describe, expect, it } from 'vitest';
import { TOKENS, type Row } from '../../../../tests/fixtures/demo-session';
import { paraphraseRate, paraphraser } from '../../../../tests/fixtures/demo-session-paraphrase';

const { pick, request, phrase, question } = paraphraser(33_006);

// --- Tokens: the thread, the last call, a turn, so far, the limit, the window, the budget ----------

/** Each: the thread's figures asked a way of its own; they all get the figures. */
const TOKEN_ASKS = [
  // The thread, so far.
  'how many tokens has this thread used',
  'what has this conversation cost so far',
  'tokens spent this session',
  'how much context have we used so far',
  'what is the cost of this session so far',
  'how many tokens have we burned through',
  'what is our token spend',
  'how much have we used in tokens up to now',
  // The last call, reply, turn or message.
  'how much did my last message cost',
  'tokens used by the previous turn',
  'how many tokens did your latest reply take',
  'what was the token cost of the last call',
  'what did the last response use in tokens',
  'how big was the last request',
  'how expensive was that last turn',
  'what did the most recent call cost',
  // The limit, the window, compaction.
  'how near are we to the window limit',
  'how far are we from compaction',
  'are we approaching the context limit',
  'how much room is left before we hit the limit',
  'will we run out of context soon',
  'when does compaction start',
  'how much headroom do we have',
  'how many tokens are left in the window',
  'how close is this chat to the token limit',
  'are we getting near the max',
  // The budget.
  'how much of the budget have we used',
  'how much of our token budget is left',
  'what is left of the context window',
  'how big is the context window',
];

function tokenRows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    before: [pick(['hello', 'hi there', 'good morning'])],
    say: question(TOKEN_ASKS[i % TOKEN_ASKS.length]!, true),
    calls: [],
    answer: [TOKENS],
  }));
}

// --- The employer, asked back ----------------------------------------------------------------------

const FIRMS = ['Ericsson', 'Unilever', 'Rakuten', 'Airbus', 'Shopify', 'Maersk'];
const TOLD_WORK: ((v: string) => string)[] = [
  (v) => `I've worked at ${v} for five years`,
  (v) => `I work for ${v}`,
  (v) => `I'm employed by ${v}`,
  (v) => `I just joined ${v}`,
  (v) => `I have been working for ${v} since 2020`,
  (v) => `I'm an engineer at ${v}`,
  (v) => `I work at ${v} as a designer`,
  (v) => `I've been at ${v} for three years`,
];
const ASK_WORK = [
  'what company am I with',
  'which firm do I work for',
  'what organisation am I part of',
  'who is my employer',
  'who employs me',
  'what company do I work at',
  'which organization am I at',
  'what firm am I with',
  'where am I employed',
  "what's the name of my company",
  'what business do I work for',
  'which company am I working for',
  'who am I working for',
  'which company did I say I work for',
];

function employerRows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const firm = pick(FIRMS);
    return {
      before: [TOLD_WORK[i % TOLD_WORK.length]!(firm)],
      say: question(ASK_WORK[i % ASK_WORK.length]!),
      calls: [],
      answer: [firm],
    };
  });
}

// --- A file named by a description -----------------------------------------------------------------

const TODO = { path: '/notes/todo.md', shows: 'Cache responses for ten minutes.' };
const FORECAST = { path: '/src/forecast.ts', shows: 'formatForecast' };
/** A file in a folder, described with a possessive, "from", "of", "under", "inside", "in the X dir". */
const DESCRIBED: [string, typeof TODO][] = [
  ["the notes folder's todo", TODO],
  ["notes' todo list", TODO],
  ['the todo from notes', TODO],
  ['the todo inside the notes directory', TODO],
  ['the todo list under notes', TODO],
  ["the notes directory's todo file", TODO],
  ['the todo of the notes folder', TODO],
  ['the todo file in the notes dir', TODO],
  ['the forecast source in the src folder', FORECAST],
  ["src's forecast code", FORECAST],
  ['the forecast of the src directory', FORECAST],
  ['the forecast file from src', FORECAST],
  ['the forecast module inside src', FORECAST],
];
const OPEN_FORMS: [(d: string) => string, typeof request][] = [
  [(d) => `open ${d}`, request],
  [(d) => `read ${d}`, request],
  [(d) => `show me ${d}`, request],
  [(d) => `pull up ${d}`, request],
  [(d) => `let me see ${d}`, phrase],
  [(d) => `what's in ${d}`, question],
  [(d) => `what does ${d} say`, question],
];

function describedRows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const [described, file] = DESCRIBED[i % DESCRIBED.length]!;
    const [form, said] = pick(OPEN_FORMS);
    return {
      say: said(form(described)),
      calls: [['glob'], ['read_file', { file_path: file.path }]],
      answer: [file.shows],
    };
  });
}

const KINDS: Record<string, Row[]> = {
  tokens: tokenRows(60),
  employer: employerRows(42),
  'a file by description': describedRows(39),
};

/** The lowest rate a kind may have. */
const GOAL = 0.95;

describe('paraphrases of the kinds that missed in most blind sets', () => {
  for (const [kind, rows] of Object.entries(KINDS))
    it(`${kind}: understood at ${GOAL * 100}% or more`, async () => {
      const { understood, missed } = await paraphraseRate(rows);
      console.log(`sixth ${kind}: ${understood}/${rows.length}\n  ${missed.join('\n  ')}`);
      expect(understood / rows.length).toBeGreaterThanOrEqual(GOAL);
    }, 120_000);
});
