// Turn-level retrieval on LoCoMo: for each non-adversarial question, rank every dialogue turn of
// its conversation and count a hit at k when one of its evidence turns is among the top k
// (recall_any@k). Prints figures per method, per conversation and overall; nothing is asserted.
//
//   npm run bench:locomo -- --data ../shared/data/locomo [--model <transformers.js model dir>]
//   npm run bench:locomo -- --strategy-only   (only the Retrieval strategy's rows and options)
//
// Embeddings need a local model directory (feature-extraction, e.g. a copy of
// Xenova/all-MiniLM-L6-v2 with onnx/model.onnx); without --model they are skipped, as there is no
// network to download one.

import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import {
  buildLexicalIndex,
  createBm25Ranker,
  createTfidfRanker,
  DEFAULT_BM25,
  divideByMax,
  prepareBm25,
  scoreBm25,
  scoreBm25Weighted,
  type Bm25State,
} from '../src/core/retrieval/lexical';
import {
  DEFAULT_TOKENIZER,
  SKLEARN_TOKENIZER,
  tokenize,
  type TokenizerOptions,
} from '../src/core/retrieval/tokenize';
import { cosineScores, normalize } from '../src/core/retrieval/embeddings';
import { DOC_UNITS, type DocUnit } from '../src/core/strategies/kinds/retrieval';
import { getStrategy } from '../src/core/strategies/registry';
import {
  addTally,
  emptyTally,
  evaluateThread,
  loadThreads,
  STRATEGY_KS,
  uncoveredMessages,
  type Tally,
} from './locomo-strategy';
import type { RankDoc } from '../src/core/retrieval/rank';

// --- Arguments ---------------------------------------------------------------------------------

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
const dataDir = resolve(argument('data') ?? '../shared/data/locomo');
const modelDir = argument('model');
const KS = [5, 10, 20] as const;

// --- Data --------------------------------------------------------------------------------------

interface Turn {
  id: string;
  speaker: string;
  text: string;
  caption?: string;
  date: string;
  index: number;
}
interface Question {
  question: string;
  evidence: string[];
  category: number;
}
interface Conversation {
  name: string;
  turns: Turn[];
  questions: Question[];
  skippedAdversarial: number;
  skippedNoEvidence: number;
}

function load(dir: string): Conversation[] {
  if (!existsSync(dir)) {
    console.error(`No LoCoMo data at ${dir} (give --data <dir of LoCoMo json files>).`);
    process.exit(2);
  }
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort();
  return files.map((file) => {
    const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    const root = (raw.conversation ?? raw) as Record<string, unknown>;
    const sessions = Object.keys(root)
      .map((key) => /^session_(\d+)$/.exec(key))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => Number(match[1]))
      .sort((a, b) => a - b);
    const turns: Turn[] = [];
    for (const session of sessions) {
      const date = String(root[`session_${session}_date_time`] ?? '');
      for (const turn of root[`session_${session}`] as Record<string, unknown>[]) {
        turns.push({
          id: String(turn.dia_id),
          speaker: String(turn.speaker ?? ''),
          text: String(turn.text ?? ''),
          ...(typeof turn.blip_caption === 'string' ? { caption: turn.blip_caption } : {}),
          date,
          index: turns.length,
        });
      }
    }
    let skippedAdversarial = 0;
    let skippedNoEvidence = 0;
    const questions: Question[] = [];
    for (const qa of (raw.qa ?? []) as Record<string, unknown>[]) {
      const category = Number(qa.category);
      if (category === 5) {
        skippedAdversarial++;
        continue;
      }
      // Evidence is a list of ids, sometimes several in one string ("D8:6; D9:17").
      const evidence = ((qa.evidence ?? []) as unknown[])
        .flatMap((item) => String(item).split(/[\s,;]+/))
        .filter((id) => /^D\d+:\d+$/.test(id));
      if (evidence.length === 0) {
        skippedNoEvidence++;
        continue;
      }
      questions.push({ question: String(qa.question), evidence, category });
    }
    return {
      name: basename(file, '.json'),
      turns,
      questions,
      skippedAdversarial,
      skippedNoEvidence,
    };
  });
}

// --- Document text variants --------------------------------------------------------------------

type DocStyle = 'text' | 'speaker' | 'speaker+caption' | 'speaker+caption+date';

function turnText(turn: Turn, style: DocStyle): string {
  if (style === 'text') return turn.text;
  let text = `${turn.speaker}: ${turn.text}`;
  if (style !== 'speaker' && turn.caption) text += ` [shared an image: ${turn.caption}]`;
  if (style === 'speaker+caption+date') text += ` (${turn.date})`;
  return text;
}

/** The turn plus its neighbours (document expansion: the question a turn answers comes before it). */
function withNeighbours(turns: Turn[], style: DocStyle, before: number, after: number): RankDoc[] {
  return turns.map((turn, i) => {
    const parts: string[] = [];
    for (let j = Math.max(0, i - before); j <= Math.min(turns.length - 1, i + after); j++) {
      const other = turns[j];
      if (other && other.date === turn.date) parts.push(turnText(other, style));
    }
    return { id: turn.id, text: parts.join('\n') };
  });
}

// --- Scoring -----------------------------------------------------------------------------------

/** A method ranks one conversation's turns for one question: scores in turn order. */
type Scorer = (
  conversation: Conversation,
  question: string,
) => Float64Array | Promise<Float64Array>;

interface Result {
  hits: Record<number, number>;
  total: number;
}

/** Turn ids by descending score; turns that scored 0 are not retrieved at all. */
function topIds(turns: Turn[], scores: ArrayLike<number>, k: number): Set<string> {
  const order = turns
    .map((turn, i) => ({ id: turn.id, score: scores[i] ?? 0, i }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i);
  return new Set(order.slice(0, k).map((entry) => entry.id));
}

async function evaluate(
  conversations: Conversation[],
  scorer: Scorer,
): Promise<{
  perConversation: Map<string, Result>;
  overall: Result;
  byCategory: Map<number, Result>;
}> {
  const perConversation = new Map<string, Result>();
  const byCategory = new Map<number, Result>();
  const overall: Result = { hits: { 5: 0, 10: 0, 20: 0 }, total: 0 };
  for (const conversation of conversations) {
    const result: Result = { hits: { 5: 0, 10: 0, 20: 0 }, total: 0 };
    for (const question of conversation.questions) {
      const scores = await scorer(conversation, question.question);
      const category = byCategory.get(question.category) ?? {
        hits: { 5: 0, 10: 0, 20: 0 },
        total: 0,
      };
      byCategory.set(question.category, category);
      for (const r of [result, overall, category]) r.total++;
      for (const k of KS) {
        const top = topIds(conversation.turns, scores, k);
        if (question.evidence.some((id) => top.has(id)))
          for (const r of [result, overall, category]) r.hits[k] = (r.hits[k] ?? 0) + 1;
      }
    }
    perConversation.set(conversation.name, result);
  }
  return { perConversation, overall, byCategory };
}

const rate = (r: Result, k: number) =>
  r.total > 0 ? ((r.hits[k] ?? 0) / r.total).toFixed(3) : '  -  ';

// --- Methods -----------------------------------------------------------------------------------

/** Per conversation, a cached value (index, vectors) built on first use. */
function perConversation<T>(
  build: (conversation: Conversation) => T,
): (conversation: Conversation) => T {
  const cache = new Map<string, T>();
  return (conversation) => {
    let value = cache.get(conversation.name);
    if (value === undefined) {
      value = build(conversation);
      cache.set(conversation.name, value);
    }
    return value;
  };
}

const docsOf = perConversation((c: Conversation) =>
  c.turns.map((turn) => ({ id: turn.id, text: turnText(turn, 'speaker+caption') })),
);

/** The app's TF-IDF ranker (DeerFlow parity: scikit-learn tokenisation, query counted in IDF). */
function tfidfScorer(
  options: Parameters<typeof createTfidfRanker>[0] = {},
  style: DocStyle = 'speaker+caption',
): Scorer {
  const ranker = createTfidfRanker(options);
  const docs = perConversation((c: Conversation) =>
    c.turns.map((t) => ({ id: t.id, text: turnText(t, style) })),
  );
  return (c, q) => ranker.scores(q, docs(c));
}

interface Bm25Config {
  tokenizer?: TokenizerOptions;
  k1?: number;
  b?: number;
  style?: DocStyle;
  before?: number;
  after?: number;
  unique?: boolean;
}

function bm25Scorer(config: Bm25Config = {}): Scorer {
  const ranker = createBm25Ranker({
    tokenizer: config.tokenizer ?? DEFAULT_TOKENIZER,
    k1: config.k1 ?? DEFAULT_BM25.k1,
    b: config.b ?? DEFAULT_BM25.b,
    uniqueQueryTerms: config.unique ?? false,
  });
  const style = config.style ?? 'speaker+caption';
  const docs = perConversation((c: Conversation) =>
    config.before || config.after
      ? withNeighbours(c.turns, style, config.before ?? 0, config.after ?? 0)
      : c.turns.map((t) => ({ id: t.id, text: turnText(t, style) })),
  );
  return (c, q) => ranker.rawScores(q, docs(c));
}

/** BM25 with RM3-style pseudo-relevance feedback: terms of the top documents join the query. */
function rm3Scorer(
  config: Bm25Config & { feedbackDocs: number; terms: number; weight: number },
): Scorer {
  const k1 = config.k1 ?? DEFAULT_BM25.k1;
  const tokenizer = config.tokenizer ?? DEFAULT_TOKENIZER;
  const style = config.style ?? 'speaker+caption';
  const state = perConversation((c: Conversation): Bm25State => {
    const docs =
      config.before || config.after
        ? withNeighbours(c.turns, style, config.before ?? 0, config.after ?? 0)
        : c.turns.map((t) => ({ id: t.id, text: turnText(t, style) }));
    return prepareBm25(buildLexicalIndex(docs, tokenizer), k1, config.b ?? DEFAULT_BM25.b);
  });
  return (c, q) => {
    const s = state(c);
    const first = scoreBm25(s, q, k1, false);
    const order = [...first.keys()]
      .filter((d) => (first[d] ?? 0) > 0)
      .sort((a, b) => (first[b] ?? 0) - (first[a] ?? 0));
    const weights = new Map<number, number>();
    for (const token of tokenize(q, tokenizer)) {
      const t = s.index.terms.get(token);
      if (t !== undefined) weights.set(t, (weights.get(t) ?? 0) + 1);
    }
    // Feedback terms: tf in the top documents x idf, the query's own terms excluded.
    const feedback = new Map<number, number>();
    const top = new Set(order.slice(0, config.feedbackDocs));
    for (let t = 0; t < s.index.terms.size; t++) {
      if (weights.has(t)) continue;
      for (let p = s.index.start[t] ?? 0, end = s.index.start[t + 1] ?? 0; p < end; p++) {
        if (top.has(s.index.postingDoc[p] ?? -1))
          feedback.set(t, (feedback.get(t) ?? 0) + (s.index.postingTf[p] ?? 0) * (s.idf[t] ?? 0));
      }
    }
    const best = [...feedback].sort((a, b) => b[1] - a[1]).slice(0, config.terms);
    const max = best[0]?.[1] ?? 1;
    for (const [t, value] of best)
      weights.set(t, (weights.get(t) ?? 0) + (config.weight * value) / max);
    return scoreBm25Weighted(s, weights, k1);
  };
}

/** Reciprocal-rank fusion of several scorers (k = 60), or a weighted mix of max-scaled scores. */
function fusionScorer(
  parts: { scorer: Scorer; weight: number }[],
  mode: 'rrf' | 'weighted',
): Scorer {
  return async (c, q) => {
    const out = new Float64Array(c.turns.length);
    for (const part of parts) {
      const scores = Float64Array.from(await part.scorer(c, q));
      if (mode === 'weighted') {
        divideByMax(scores);
        scores.forEach((value, i) => (out[i] = (out[i] ?? 0) + part.weight * value));
      } else {
        const order = [...scores.keys()]
          .filter((i) => (scores[i] ?? 0) > 0)
          .sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
        order.forEach((i, rank) => (out[i] = (out[i] ?? 0) + part.weight / (60 + rank + 1)));
      }
    }
    return out;
  };
}

// --- Embeddings (optional) ---------------------------------------------------------------------

async function embeddingScorer(dir: string): Promise<Scorer | string> {
  const modelPath = resolve(dir);
  if (!existsSync(modelPath)) return `no model directory at ${modelPath}`;
  let transformers: typeof import('@huggingface/transformers');
  try {
    transformers = await import('@huggingface/transformers');
  } catch (error) {
    return `transformers.js did not load: ${String(error)}`;
  }
  transformers.env.allowRemoteModels = false;
  transformers.env.allowLocalModels = true;
  transformers.env.localModelPath = `${dirname(modelPath)}/`;
  let extractor: Awaited<ReturnType<typeof transformers.pipeline<'feature-extraction'>>>;
  try {
    extractor = await transformers.pipeline('feature-extraction', basename(modelPath), {
      dtype: 'fp32',
    });
  } catch (error) {
    return `the model at ${modelPath} did not load: ${String(error)}`;
  }
  const embed = async (texts: string[]): Promise<Float32Array[]> => {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += 32) {
      const batch = texts.slice(i, i + 32);
      const tensor = await extractor(batch, { pooling: 'mean', normalize: true });
      const dim = tensor.dims[tensor.dims.length - 1] ?? 0;
      const data = tensor.data as Float32Array;
      for (let j = 0; j < batch.length; j++)
        out.push(normalize(data.subarray(j * dim, (j + 1) * dim)));
    }
    return out;
  };
  const matrices = new Map<string, { dim: number; data: Float32Array }>();
  const queryVectors = new Map<string, Float32Array>();
  return async (c, q) => {
    let matrix = matrices.get(c.name);
    if (!matrix) {
      const vectors = await embed(docsOf(c).map((doc) => doc.text));
      const dim = vectors[0]?.length ?? 0;
      const data = new Float32Array(dim * vectors.length);
      vectors.forEach((v, i) => data.set(v, i * dim));
      matrix = { dim, data };
      matrices.set(c.name, matrix);
    }
    let vector = queryVectors.get(q);
    if (!vector) {
      [vector] = await embed([q]);
      queryVectors.set(q, vector ?? new Float32Array(matrix.dim));
    }
    return cosineScores(matrix.data, matrix.dim, vector ?? new Float32Array(matrix.dim));
  };
}

// --- Main --------------------------------------------------------------------------------------

const conversations = load(dataDir);
const questionCount = conversations.reduce((n, c) => n + c.questions.length, 0);
const turnCount = conversations.reduce((n, c) => n + c.turns.length, 0);
console.log(`LoCoMo turn retrieval: ${conversations.length} conversations from ${dataDir}`);
console.log(
  `${turnCount} turns; ${questionCount} questions ranked (` +
    `${conversations.reduce((n, c) => n + c.skippedAdversarial, 0)} adversarial (category 5) skipped, ` +
    `${conversations.reduce((n, c) => n + c.skippedNoEvidence, 0)} without evidence ids skipped).`,
);
console.log(
  'Documents: "Speaker: text" plus the image caption when a photo was shared. Turns with score 0 are not retrieved.\n',
);

const BEST: Bm25Config = { before: 1, style: 'speaker+caption+date' };
const main: { name: string; scorer: Scorer }[] = [
  { name: 'tfidf (DeerFlow parity)', scorer: tfidfScorer() },
  { name: 'bm25 (app: k1 0.9, b 0.4, stop+stem)', scorer: bm25Scorer() },
  { name: 'bm25 app + previous turn + date', scorer: bm25Scorer(BEST) },
];

let semantic: Scorer | undefined;
if (modelDir) {
  const loaded = await embeddingScorer(modelDir);
  if (typeof loaded === 'string') console.log(`Embeddings skipped: ${loaded}.\n`);
  else {
    semantic = loaded;
    console.log(
      `Embeddings: the model at ${resolve(modelDir)} (mean pooling, normalised); figures depend on that model.\n`,
    );
  }
} else {
  console.log(
    'Embeddings and hybrid skipped: no model available offline (give --model <dir> with a local transformers.js model).\n',
  );
}
if (semantic) {
  main.push({ name: 'embeddings', scorer: semantic });
  main.push({
    name: 'hybrid (0.5 bm25 + 0.5 embeddings)',
    scorer: fusionScorer(
      [
        { scorer: bm25Scorer(), weight: 0.5 },
        { scorer: semantic, weight: 0.5 },
      ],
      'weighted',
    ),
  });
  main.push({
    name: 'hybrid (rrf bm25 + embeddings)',
    scorer: fusionScorer(
      [
        { scorer: bm25Scorer(), weight: 1 },
        { scorer: semantic, weight: 1 },
      ],
      'rrf',
    ),
  });
}

const pad = (text: string, width: number) => text.padEnd(width);
console.log(`${pad('method', 40)} ${pad('conversation', 12)}  @5     @10    @20    questions`);
for (const method of process.argv.includes('--strategy-only') ? [] : main) {
  const { perConversation: per, overall } = await evaluate(conversations, method.scorer);
  for (const [name, r] of per)
    console.log(
      `${pad(method.name, 40)} ${pad(name, 12)}  ${rate(r, 5)}  ${rate(r, 10)}  ${rate(r, 20)}  ${r.total}`,
    );
  console.log(
    `${pad(method.name, 40)} ${pad('overall', 12)}  ${rate(overall, 5)}  ${rate(overall, 10)}  ${rate(overall, 20)}  ${overall.total}\n`,
  );
}

// --- The Retrieval strategy as shipped ---------------------------------------------------------

// Defaults were chosen on three conversations; the other two are the honest, held-out figure.
const TUNING = ['26', '41', '43'];
const shipped = getStrategy('retrieval').defaults as { unit: DocUnit; dates: boolean };
const threads = loadThreads(dataDir);
const f3 = (value: number, n: number) => (n > 0 ? (value / n).toFixed(3) : '  -  ');
{
  const label = 'retrieval strategy (as shipped)';
  console.log(
    `Retrieval strategy as the app ships it (unit ${shipped.unit}, dates ${shipped.dates ? 'on' : 'off'}, the app's BM25; k = documents injected, "Retrieved (k)"). Threads as the arena reads LoCoMo: one message per dia_id, the opening speaker as the user.`,
  );
  for (const t of threads) {
    const missing = uncoveredMessages(t);
    if (missing > 0)
      console.log(`  ${t.name}: ${missing} of ${t.messageCount} messages are in no document.`);
  }
  console.log(
    `Tuning conversations (defaults chosen on them): ${TUNING.join(', ')}; held out: ${threads
      .map((t) => t.name)
      .filter((name) => !TUNING.includes(name))
      .join(', ')}.`,
  );
  console.log(`${pad('method', 40)} ${pad('conversation', 12)}  @5     @10    @20    questions`);
  const overall = emptyTally();
  const tuning = emptyTally();
  const heldOut = emptyTally();
  for (const t of threads) {
    const tally = await evaluateThread(t, shipped);
    addTally(overall, tally);
    addTally(TUNING.includes(t.name) ? tuning : heldOut, tally);
    const n = tally.questions;
    console.log(
      `${pad(label, 40)} ${pad(t.name, 12)}  ${f3(tally.any[5]!, n)}  ${f3(tally.any[10]!, n)}  ${f3(tally.any[20]!, n)}  ${n}`,
    );
  }
  for (const [name, tally] of [
    ['overall', overall],
    ['tuning', tuning],
    ['held-out', heldOut],
  ] as const) {
    const n = tally.questions;
    console.log(
      `${pad(label, 40)} ${pad(name, 12)}  ${f3(tally.any[5]!, n)}  ${f3(tally.any[10]!, n)}  ${f3(tally.any[20]!, n)}  ${n}`,
    );
  }
  const n = overall.questions;
  const harness = (t: Tally, key: 'fraction' | 'fractionMessages') =>
    STRATEGY_KS.map(
      (k) => `R@${k} ${((100 * t[key][k]!) / Math.max(1, t.questions)).toFixed(1)}`,
    ).join('  ');
  console.log('');
  console.log(
    `LoCoMo harness metric (fraction of a question's evidence ids retrieved, averaged), retrieval strategy as shipped, overall (${n} questions):`,
  );
  console.log(
    `  k documents: ${harness(overall, 'fraction')}   (the k documents carry ${STRATEGY_KS.map((k) => `${(overall.carried[k]! / Math.max(1, n)).toFixed(1)} @${k}`).join(', ')} messages on average)`,
  );
  console.log(
    `  k messages (the ranked documents' messages, cut at k): ${harness(overall, 'fractionMessages')}`,
  );
  console.log(
    `  held-out ${threads
      .filter((t) => !TUNING.includes(t.name))
      .map((t) => t.name)
      .join('+')}, k documents: ${harness(heldOut, 'fraction')}`,
  );
  console.log(
    '  LoCoMo paper, Table 3, dialog-level DRAGON retriever: R@5 58.8  R@10 67.5  R@25 79.9 (k dialogs = k messages)',
  );
  console.log('');

  // The options on the tuning conversations and on the held-out ones, at k documents and at k messages.
  console.log(
    `Retrieval strategy options: recall_any on the tuning conversations (${TUNING.join(', ')}) | held out; "msgs@10": messages the 10 documents carry`,
  );
  console.log(
    `${pad('unit, dates', 28)}  tune@5 tune@10 tune@20  held@5 held@10 held@20  msgs@10  tune@10 per 10 messages`,
  );
  for (const unit of DOC_UNITS)
    for (const dates of [false, true]) {
      const tune = emptyTally();
      const held = emptyTally();
      for (const t of threads)
        addTally(TUNING.includes(t.name) ? tune : held, await evaluateThread(t, { unit, dates }));
      const both = emptyTally();
      addTally(both, tune);
      addTally(both, held);
      const mark = unit === shipped.unit && dates === shipped.dates ? ' (shipped)' : '';
      console.log(
        `${pad(`${unit}, dates ${dates ? 'on' : 'off'}${mark}`, 28)}  ${f3(tune.any[5]!, tune.questions)}  ${f3(tune.any[10]!, tune.questions)}   ${f3(tune.any[20]!, tune.questions)}    ${f3(held.any[5]!, held.questions)}  ${f3(held.any[10]!, held.questions)}   ${f3(held.any[20]!, held.questions)}    ${(both.carried[10]! / Math.max(1, both.questions)).toFixed(1).padStart(5)}    ${f3(tune.anyMessages[10]!, tune.questions)}`,
      );
    }
  console.log('');
}
if (process.argv.includes('--strategy-only')) process.exit(0);

// Lexical study: what moves BM25 on this data (overall figures only).
const plain: TokenizerOptions = { ...SKLEARN_TOKENIZER };
const textbook = { k1: 1.2, b: 0.75 };
const study: { name: string; scorer: Scorer }[] = [
  {
    name: 'bm25 1.2/0.75, text only, no stop/stem',
    scorer: bm25Scorer({ ...textbook, tokenizer: plain, style: 'text' }),
  },
  {
    name: 'bm25 1.2/0.75, speaker+text, no stop/stem',
    scorer: bm25Scorer({ ...textbook, tokenizer: plain, style: 'speaker' }),
  },
  {
    name: 'bm25 1.2/0.75, +caption, no stop/stem',
    scorer: bm25Scorer({ ...textbook, tokenizer: plain }),
  },
  {
    name: 'bm25 1.2/0.75, +caption, stopwords',
    scorer: bm25Scorer({ ...textbook, tokenizer: { ...DEFAULT_TOKENIZER, stem: false } }),
  },
  {
    name: 'bm25 1.2/0.75, +caption, stemming',
    scorer: bm25Scorer({ ...textbook, tokenizer: { ...DEFAULT_TOKENIZER, stopwords: false } }),
  },
  { name: 'bm25 1.2/0.75, +caption, stop+stem', scorer: bm25Scorer(textbook) },
  { name: 'bm25 app (0.9/0.4, +caption, stop+stem)', scorer: bm25Scorer() },
  { name: 'bm25 app, k1 1.2 b 0.5', scorer: bm25Scorer({ k1: 1.2, b: 0.5 }) },
  { name: 'bm25 app, k1 1.5 b 0.75', scorer: bm25Scorer({ k1: 1.5, b: 0.75 }) },
  { name: 'bm25 app, k1 2.0 b 0.75', scorer: bm25Scorer({ k1: 2, b: 0.75 }) },
  { name: 'bm25 app, unique query terms', scorer: bm25Scorer({ unique: true }) },
  { name: 'bm25 app, +session date', scorer: bm25Scorer({ style: 'speaker+caption+date' }) },
  { name: 'bm25 app, +previous turn', scorer: bm25Scorer({ before: 1 }) },
  { name: 'bm25 app, +previous and next turn', scorer: bm25Scorer({ before: 1, after: 1 }) },
  { name: 'bm25 app, +previous turn, +date', scorer: bm25Scorer(BEST) },
  { name: 'tfidf, app tokenizer', scorer: tfidfScorer({ tokenizer: DEFAULT_TOKENIZER }) },
  {
    name: 'tfidf, app tokenizer, sublinear tf',
    scorer: tfidfScorer({ tokenizer: DEFAULT_TOKENIZER, sublinearTf: true }),
  },
  {
    name: 'bm25 app + rm3 (10 docs, 10 terms, 0.5)',
    scorer: rm3Scorer({ feedbackDocs: 10, terms: 10, weight: 0.5 }),
  },
  {
    name: 'bm25 app + rm3 (5 docs, 10 terms, 0.3)',
    scorer: rm3Scorer({ feedbackDocs: 5, terms: 10, weight: 0.3 }),
  },
  {
    name: 'bm25 app, +prev turn, +date, + rm3',
    scorer: rm3Scorer({ ...BEST, feedbackDocs: 10, terms: 10, weight: 0.5 }),
  },
  {
    name: 'rrf(bm25 app, tfidf app) [lexical hybrid]',
    scorer: fusionScorer(
      [
        { scorer: bm25Scorer(), weight: 1 },
        { scorer: tfidfScorer({ tokenizer: DEFAULT_TOKENIZER }), weight: 1 },
      ],
      'rrf',
    ),
  },
  {
    name: '0.5 bm25 + 0.5 tfidf (max-scaled)',
    scorer: fusionScorer(
      [
        { scorer: bm25Scorer(), weight: 0.5 },
        { scorer: tfidfScorer({ tokenizer: DEFAULT_TOKENIZER }), weight: 0.5 },
      ],
      'weighted',
    ),
  },
];
console.log('Lexical study (overall)');
console.log(`${pad('variant', 48)}  @5     @10    @20`);
for (const variant of study) {
  const { overall } = await evaluate(conversations, variant.scorer);
  console.log(
    `${pad(variant.name, 48)}  ${rate(overall, 5)}  ${rate(overall, 10)}  ${rate(overall, 20)}`,
  );
}
