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
import { cosineScores, createEmbeddingRanker, normalize } from '../src/core/retrieval/embeddings';
import {
  DOC_UNITS,
  RANKINGS,
  conversationMessages,
  textMessages,
  documents,
  rankDocuments,
} from '../src/core/strategies/kinds/retrieval';
import { bm25Rank } from '../src/core/harness/pipeline';
import {
  createConversationRanker,
  DEFAULT_CONVERSATION_RANKING,
  PLAIN_MESSAGE_RANKING,
  topIndices,
  type ConversationRankOptions,
} from '../src/core/retrieval/conversation';
import type { StrategyEnv } from '../src/core/strategies/types';
import { getStrategy } from '../src/core/strategies/registry';
import {
  addTally,
  emptyTally,
  evaluateThread,
  loadThreads,
  uncoveredMessages,
  type Config,
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

/** The model's embed function, kept for the strategy rows (set when --model loads). */
let embedTexts: ((texts: string[]) => Promise<Float32Array[]>) | undefined;

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
  embedTexts = embed;
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
const shipped = getStrategy('retrieval').defaults as unknown as Config & { k: number };
const threads = loadThreads(dataDir);
const isTuning = (name: string) => TUNING.includes(name);
const heldOutNames = threads.map((t) => t.name).filter((name) => !isTuning(name));
const f3 = (value: number, n: number) => (n > 0 ? (value / n).toFixed(3) : '  -  ');
const pct = (value: number, n: number) => (n > 0 ? ((100 * value) / n).toFixed(1) : '  - ');
const describe = (c: Config) =>
  `${c.ranking} ranking, unit ${c.unit}, dates ${c.dates ? 'on' : 'off'}`;
const PAPER_KS = [5, 10, 25] as const;
/** What the LoCoMo importer appends to a line that shares a photo (parse-locomo.ts). */
const IMAGE_DESCRIPTION = /\s*\[shared an image: [^\]]*\]$/;

/** Per conversation, then tuning, held-out and overall: the paper's metric at k messages. */
async function paperRows(label: string, config: Config, adversarial: boolean, env?: StrategyEnv) {
  const groups = { tuning: emptyTally(), 'held-out': emptyTally(), overall: emptyTally() };
  const row = (name: string, t: Tally) =>
    console.log(
      `${pad(label, 52)} ${pad(name, 10)} ${PAPER_KS.map((k) => pct(t.fractionMessages[k]!, t.questions).padStart(6)).join(' ')}   ${t.questions}`,
    );
  for (const t of threads) {
    const tally = await evaluateThread(t, config, env, adversarial);
    addTally(groups.overall, tally);
    addTally(isTuning(t.name) ? groups.tuning : groups['held-out'], tally);
    row(t.name, tally);
  }
  for (const [name, tally] of Object.entries(groups)) row(name, tally);
  return groups;
}

{
  console.log(
    `Retrieval strategy as the app ships it: ${describe(shipped)}. Threads as the arena reads LoCoMo: one message per dia_id, the opening speaker as the user, each message with its speaker's name, a shared photo's description (blip_caption) after the text.`,
  );
  for (const t of threads) {
    const missing = uncoveredMessages(t);
    if (missing > 0)
      console.log(`  ${t.name}: ${missing} of ${t.messageCount} messages are in no document.`);
  }
  console.log(
    `Tuning conversations (every choice made on them): ${TUNING.join(', ')}; held out (only reported): ${heldOutNames.join(', ')}.`,
  );
  console.log('');
  console.log(
    "The LoCoMo paper's metric (Table 3; task_eval/evaluation.py in snap-research/locomo): for each question, the fraction of its evidence dia_ids among the k retrieved dialogs, averaged over questions; k counted in messages (the ranked documents' messages in rank order, cut at k).",
  );
  console.log(
    'Categories 1-4 (adversarial questions left out, as in the figures of issue 21; the goal is R@5 >= 65, R@10 >= 75, R@25 >= 85 on held-out):',
  );
  console.log(`${pad('method', 52)} ${pad('conv.', 10)}    R@5   R@10   R@25   questions`);
  const label = 'retrieval strategy (as shipped), k messages';
  await paperRows(label, shipped, false);
  console.log('');
  console.log(
    "Categories 1-5, as the LoCoMo code's overall recall averages them (evaluation_stats.py: adversarial questions included):",
  );
  await paperRows(`${label}, cat. 1-5`, shipped, true);
  console.log(
    '  LoCoMo paper, Table 3, dialog-level DRAGON retriever (its ten conversations, categories 1-5): R@5 58.8  R@10 67.5  R@25 79.9',
  );
  console.log('');

  if (embedTexts) {
    // The app's embedding ranker over the strategy's message texts, fused by reciprocal rank.
    const embed = embedTexts;
    const ranker = createEmbeddingRanker({
      embedder: { modelId: resolve(modelDir ?? ''), embed: (texts) => embed(texts) },
    });
    const env: StrategyEnv = {
      rank: bm25Rank(),
      count: () => 0,
      semantic: async (query, docs) => ranker.similarities(query, docs),
    };
    console.log(
      `With the embeddings of ${resolve(modelDir ?? '')} fused in (what the app does when its embedder is ready), categories 1-4:`,
    );
    await paperRows(`${label}, + embeddings (RRF)`, shipped, false, env);
    console.log('');
  }

  // The previous default, for comparison, at the same budget of k messages.
  const previous: Config = { unit: 'turn-context', dates: true, ranking: 'plain' };
  console.log(
    `Before issue 21 the strategy shipped ${describe(previous)}; at k messages, categories 1-4:`,
  );
  await paperRows('previous default, k messages', previous, false);
  console.log('');

  // recall_any at k documents (what "Retrieved (k)" injects), the figure printed before.
  console.log(
    'recall_any (a question counts when any evidence id is retrieved) at k documents, as shipped (categories 1-4):',
  );
  console.log(`${pad('method', 40)} ${pad('conversation', 12)}  @5     @10    @20    questions`);
  const any = { tuning: emptyTally(), 'held-out': emptyTally(), overall: emptyTally() };
  for (const t of threads) {
    const tally = await evaluateThread(t, shipped);
    addTally(any.overall, tally);
    addTally(isTuning(t.name) ? any.tuning : any['held-out'], tally);
  }
  for (const [name, tally] of Object.entries(any)) {
    const n = tally.questions;
    console.log(
      `${pad('retrieval strategy (as shipped)', 40)} ${pad(name, 12)}  ${f3(tally.any[5]!, n)}  ${f3(tally.any[10]!, n)}  ${f3(tally.any[20]!, n)}  ${n}`,
    );
  }
  console.log('');

  // The options on the tuning conversations and on the held-out ones.
  console.log(
    `Retrieval strategy options: recall_any at k documents on the tuning conversations (${TUNING.join(', ')}) | held out; "msgs@10": messages the 10 documents carry; R@10 msgs: the paper's metric at 10 messages`,
  );
  console.log(
    `${pad('ranking, unit, dates', 36)}  tune@5 tune@10 tune@20  held@5 held@10 held@20  msgs@10  tune R@10 msgs  held R@10 msgs`,
  );
  for (const ranking of RANKINGS)
    for (const unit of DOC_UNITS)
      for (const dates of [false, true]) {
        const tune = emptyTally();
        const held = emptyTally();
        const config: Config = { unit, dates, ranking };
        for (const t of threads)
          addTally(isTuning(t.name) ? tune : held, await evaluateThread(t, config));
        const both = emptyTally();
        addTally(both, tune);
        addTally(both, held);
        const mark =
          unit === shipped.unit && dates === shipped.dates && ranking === shipped.ranking
            ? ' (shipped)'
            : '';
        console.log(
          `${pad(`${ranking}, ${unit}, ${dates ? 'on' : 'off'}${mark}`, 36)}  ${f3(tune.any[5]!, tune.questions)}  ${f3(tune.any[10]!, tune.questions)}   ${f3(tune.any[20]!, tune.questions)}    ${f3(held.any[5]!, held.questions)}  ${f3(held.any[10]!, held.questions)}   ${f3(held.any[20]!, held.questions)}    ${(both.carried[10]! / Math.max(1, both.questions)).toFixed(1).padStart(5)}    ${pct(tune.fractionMessages[10]!, tune.questions).padStart(9)}     ${pct(held.fractionMessages[10]!, held.questions).padStart(9)}`,
        );
      }
  console.log('');

  await ideas();
  await timing();
}

/**
 * What each idea adds: the conversation ranker over the strategy's message documents, signals
 * switched on one at a time in the order they were tried (each row keeps the ones above it), then
 * ideas tried on top of the shipped ranking and not kept. Paper's metric at k messages,
 * categories 1-4; every choice was made on the tuning conversations.
 */
async function ideas() {
  const d = DEFAULT_CONVERSATION_RANKING;
  const ladder: { name: string; options: ConversationRankOptions; bare?: boolean }[] = [];
  let current: ConversationRankOptions = { ...PLAIN_MESSAGE_RANKING };
  let bare = true;
  const step = (name: string, change: Partial<ConversationRankOptions>) => {
    current = { ...current, ...change };
    ladder.push({ name, options: current, bare });
  };
  step('BM25 over single messages (app tokenizer)', {});
  step('+ neighbour context (2 each side, weight 2)', {
    window: d.window,
    windowWeight: d.windowWeight,
  });
  step('+ session view (weight 1)', { sessionWeight: d.sessionWeight });
  step('+ speakers (inferred names; boost x1.5)', {
    inferNames: true,
    speakerBoost: d.speakerBoost,
  });
  step('+ synonyms (built-in list, weight 0.5)', { synonymWeight: d.synonymWeight });
  step('+ dates (question periods; x2)', { dateBoost: d.dateBoost });
  bare = false;
  step('+ image descriptions and speaker names (import)', {});
  step('+ irregular forms (bought -> buy)', { tokenizer: d.tokenizer });
  step('+ unmatched msgs ordered (neighbour, date, speaker)', { unmatched: d.unmatched });
  step('+ names in the question (boost x1.5)', { entityBoost: d.entityBoost });
  step('+ the day a question names (x2 more)', { dayBoost: d.dayBoost });
  step('+ answer type: a name (x2)', { answerTypeBoost: d.answerTypeBoost });
  step('+ informative messages (prior 0.05)', {
    informativeWeight: d.informativeWeight,
  });
  const tail = d.tail!;
  step('+ cascade: places 11+ read word families (0.5)', {
    tail: { ...tail, informativeWeight: d.informativeWeight },
  });
  step('+ cascade: places 11+ prior 0.2 = shipped', { tail });
  // The ranking before the cascade: the rows tried on it are printed on it, as measured then.
  const round = { ...d, tail: undefined };
  const tried: { name: string; options: ConversationRankOptions; bare?: boolean }[] = [
    { name: 'no cascade, neighbours 1 each side', options: { ...round, window: 1 } },
    { name: 'no cascade, neighbours 3 each side', options: { ...round, window: 3 } },
    { name: 'no cascade, speaker boost x1.3', options: { ...round, speakerBoost: 0.3 } },
    { name: 'no cascade, speaker boost x2', options: { ...round, speakerBoost: 1 } },
    { name: 'no cascade, names boost x1.3', options: { ...round, entityBoost: 0.3 } },
    { name: 'no cascade, names boost x2', options: { ...round, entityBoost: 1 } },
    { name: 'no cascade, answer type x1.5', options: { ...round, answerTypeBoost: 0.5 } },
    { name: 'no cascade, informative prior 0.03', options: { ...round, informativeWeight: 0.03 } },
    { name: 'no cascade, informative prior 0.1', options: { ...round, informativeWeight: 0.1 } },
    {
      name: 'no cascade + RM3 feedback (10 msgs, 10 terms, 0.2)',
      options: { ...round, feedback: { messages: 10, terms: 10, weight: 0.2 } },
    },
  ];
  // The cascade's settings, each against the shipped one (chosen on tuning).
  const settings: { name: string; options: ConversationRankOptions }[] = [
    { name: 'cascade after 5 places', options: { ...d, tail: { ...tail, depth: 5 } } },
    { name: 'cascade after 15 places', options: { ...d, tail: { ...tail, depth: 15 } } },
    {
      name: 'cascade, word families 0.3',
      options: { ...d, tail: { ...tail, wordFamilyWeight: 0.3 } },
    },
    {
      name: 'cascade, word families 1',
      options: { ...d, tail: { ...tail, wordFamilyWeight: 1 } },
    },
    { name: 'cascade, prior 0.1', options: { ...d, tail: { ...tail, informativeWeight: 0.1 } } },
    { name: 'cascade, prior 0.3', options: { ...d, tail: { ...tail, informativeWeight: 0.3 } } },
  ];
  const messagesOf = new Map(threads.map((t) => [t.name, conversationMessages(t.turns)]));
  // The messages as the importer gave them before it kept speakers and image descriptions: the
  // text alone, the role as the speaker.
  const bareOf = new Map(
    threads.map((t) => [
      t.name,
      t.turns.flatMap((turn) =>
        textMessages(turn).map((m) => ({
          id: m.id,
          speaker: m.role,
          text: m.content.replace(IMAGE_DESCRIPTION, ''),
          at: m.createdAt,
        })),
      ),
    ]),
  );
  const measure = (options: ConversationRankOptions, bare = false) => {
    const sums = { tuning: [0, 0, 0], 'held-out': [0, 0, 0] };
    const counts = { tuning: 0, 'held-out': 0 };
    for (const t of threads) {
      const group = isTuning(t.name) ? 'tuning' : 'held-out';
      const messages = (bare ? bareOf : messagesOf).get(t.name)!;
      const ranker = createConversationRanker(options);
      for (const probe of t.probes) {
        const top = topIndices(ranker.rank(probe.question, messages).scores, 25).map(
          (i) => messages[i]!.id,
        );
        const evidence = new Set(probe.evidence);
        counts[group]++;
        PAPER_KS.forEach((k, j) => {
          const found = top.slice(0, k).filter((id) => evidence.has(id)).length;
          sums[group][j]! += found / evidence.size;
        });
      }
    }
    const fmt = (group: 'tuning' | 'held-out') =>
      sums[group].map((v) => pct(v, counts[group]).padStart(6)).join(' ');
    return `${fmt('tuning')}   ${fmt('held-out')}`;
  };
  console.log(
    "What each idea adds (conversation ranker over the strategy's message documents; paper's metric at k messages, categories 1-4):",
  );
  console.log(`${pad('idea', 52)} tuning R@5  R@10  R@25   held-out R@5  R@10  R@25`);
  for (const row of ladder) console.log(`${pad(row.name, 52)} ${measure(row.options, row.bare)}`);
  console.log('Tried on top of the ranking before the cascade, not kept:');
  for (const row of tried) console.log(`${pad(row.name, 52)} ${measure(row.options, row.bare)}`);
  console.log(
    "The cascade's settings other than the shipped ones (depth 10, word families 0.5, prior 0.2):",
  );
  for (const row of settings) console.log(`${pad(row.name, 52)} ${measure(row.options)}`);
  console.log('');
}

/** Per-question time of the shipped strategy's ranking on the longest conversation. */
async function timing() {
  const t = [...threads].sort((a, b) => b.messageCount - a.messageCount)[0];
  if (!t) return;
  const env: StrategyEnv = { rank: bm25Rank(), count: () => 0 };
  const docs = documents(t.turns, shipped.unit, shipped.dates);
  const cold: number[] = [];
  const warm: number[] = [];
  for (let round = 0; round < 5; round++) {
    // A fresh copy of the turns: the thread's ranker is keyed by its first message, so this
    // builds the index again (what the first call on a thread, or a thread switch, costs).
    const copy = t.turns.map((turn) => ({
      ...turn,
      messages: turn.messages.map((m) => ({ ...m })),
    }));
    const copyDocs = documents(copy, shipped.unit, shipped.dates);
    let started = performance.now();
    await rankDocuments(env, t.probes[0]!.question, copy, copyDocs, shipped);
    cold.push(performance.now() - started);
    for (const probe of t.probes) {
      started = performance.now();
      await rankDocuments(env, probe.question, t.turns, docs, shipped);
      warm.push(performance.now() - started);
    }
  }
  // The app's case: the thread grows by a turn between calls (the index is rebuilt from the
  // cached tokens of the messages it has seen).
  const growing: number[] = [];
  const half = t.turns.length >> 1;
  for (let n = half; n <= t.turns.length; n++) {
    const turns = t.turns.slice(0, n);
    const probe = t.probes[n % t.probes.length]!;
    const started = performance.now();
    await rankDocuments(
      env,
      probe.question,
      turns,
      documents(turns, shipped.unit, shipped.dates),
      shipped,
    );
    growing.push(performance.now() - started);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const p95 = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;
  console.log(
    `Timing, as shipped, conversation ${t.name} (${t.messageCount} messages): first call on the thread (index built) median ${median(cold).toFixed(1)} ms; each further question median ${median(warm).toFixed(2)} ms, p95 ${p95(warm).toFixed(2)} ms (${warm.length} questions); a thread growing by a turn per call (${growing.length} calls, ${t.turns[half]?.messages[0]?.id ?? ''} onwards, documents and ranking) median ${median(growing).toFixed(2)} ms, p95 ${p95(growing).toFixed(2)} ms. Node ${process.versions.node}.`,
  );
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
