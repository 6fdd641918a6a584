// Fact ranking latency: 100, 1,000, 10,000 and 100,000 synthetic facts, each method, median and
// p95 over repeated queries against the same fact set (what happens on every model call of a run).
// Embeddings use cached random unit vectors of 384 numbers (all-MiniLM-L6-v2's size), so the
// figures measure the ranking math, not the model. Prints figures; asserts nothing.
//
//   npm run bench:ranking [-- --sizes 100,1000]

import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadEncoder } from '../src/core/tokens/counter';
import { DEFAULT_FACTS_SETTINGS } from '../src/core/memory/facts/settings';
import { computeFactsInjection } from '../src/core/memory/facts/inject';
import {
  createBm25Ranker,
  createEmbeddingRanker,
  createHybridRanker,
  createMemoryVectorCache,
  createRankerResolver,
  createTfidfRanker,
  type Embedder,
  type RankDoc,
  type Ranker,
} from '../src/core/retrieval/rank';
import { emptyMemory, type Fact } from '../src/core/memory/facts/schema';

const sizesArg = process.argv.indexOf('--sizes');
const SIZES = (sizesArg >= 0 ? (process.argv[sizesArg + 1] ?? '') : '100,1000,10000,100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const DIM = 384;

let seed = 42;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

// A Zipf-like vocabulary, so term statistics look like text.
const VOCABULARY = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}`);
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 3)] ?? 'w0';
const sentence = (words: number) => Array.from({ length: words }, word).join(' ');

function randomUnit(): Float32Array {
  const v = new Float32Array(DIM);
  let sum = 0;
  for (let i = 0; i < DIM; i++) {
    const x = random() * 2 - 1;
    v[i] = x;
    sum += x * x;
  }
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < DIM; i++) v[i] = (v[i] ?? 0) * scale;
  return v;
}

/** Answers instantly with random unit vectors: the model's cost is not what is measured here. */
const fakeEmbedder: Embedder = {
  modelId: 'random-384',
  embed: async (texts) => texts.map(() => randomUnit()),
};

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95) };
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1)).padStart(8);

async function measure(ranker: Ranker, docs: RankDoc[], runs: number) {
  const queries = Array.from({ length: runs + 3 }, () => sentence(60));
  const started = performance.now();
  await ranker.similarities(queries[0] ?? '', docs); // builds the index / fills the vector matrix
  const first = performance.now() - started;
  for (const query of queries.slice(1, 3)) await ranker.similarities(query, docs); // warm up the JIT
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  for (const query of queries.slice(3)) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    await ranker.similarities(query, docs);
    const used = process.cpuUsage(cpu);
    samples.push(performance.now() - t);
    cpuSamples.push((used.user + used.system) / 1000);
  }
  const cpu = stats(cpuSamples);
  return { first, ...stats(samples), cpuMedian: cpu.median, cpuP95: cpu.p95 };
}

console.log(
  'Fact ranking latency (ms), query = 3 turns of about 60 words, same fact set between calls.',
);
console.log('"first" includes building the index, or filling the matrix from cached vectors.');
console.log(
  'Wall-clock and CPU time of this process (CPU time is the steadier figure on a busy machine).',
);
console.log(
  `Node ${process.version}, ${process.arch}, ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)}.\n`,
);
console.log(
  `${'facts'.padStart(7)}  ${'method'.padEnd(12)} ${'first'.padStart(8)} ${'median'.padStart(8)} ${'p95'.padStart(8)} ${'cpu med'.padStart(8)} ${'cpu p95'.padStart(8)}`,
);

for (const size of SIZES) {
  const docs: RankDoc[] = Array.from({ length: size }, (_, i) => ({
    id: `f${i}`,
    text: sentence(6 + Math.floor(random() * 12)),
  }));
  // Vectors already cached (as they would be in IndexedDB after the first embedding).
  const cache = createMemoryVectorCache();
  await cache.setMany(
    fakeEmbedder.modelId,
    docs.map((doc) => [doc.text, randomUnit()]),
  );
  const embeddings = createEmbeddingRanker({ embedder: fakeEmbedder, cache });
  const methods: [string, Ranker][] = [
    ['tfidf', createTfidfRanker()],
    ['bm25', createBm25Ranker()],
    ['embeddings', embeddings],
    [
      'hybrid',
      createHybridRanker({
        lexical: createBm25Ranker(),
        semantic: createEmbeddingRanker({ embedder: fakeEmbedder, cache }),
      }),
    ],
  ];
  const runs = size >= 100_000 ? 15 : size >= 10_000 ? 40 : 100;
  for (const [name, ranker] of methods) {
    const result = await measure(ranker, docs, runs);
    console.log(
      `${String(size).padStart(7)}  ${name.padEnd(12)} ${ms(result.first)} ${ms(result.median)} ${ms(result.p95)} ${ms(result.cpuMedian)} ${ms(result.cpuP95)}`,
    );
  }
  console.log('');
}

// The whole injection for a realistic memory (100 facts, the default maximum): rank, then cut the
// block at the 2,000-token budget with exact token counts.
const counter = await loadEncoder('cl100k_base');
const memory = emptyMemory();
memory.user.workContext.summary = sentence(40);
memory.history.recentMonths.summary = sentence(80);
memory.facts = Array.from({ length: 100 }, (_, i): Fact => ({
  id: `f${i}`,
  content: sentence(8 + Math.floor(random() * 10)),
  category: 'context',
  confidence: 0.7 + random() * 0.3,
  createdAt: '',
  source: 'bench',
}));
const rankers = createRankerResolver();
for (const method of ['tfidf', 'bm25'] as const) {
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  for (let i = 0; i < 60; i++) {
    const messages = [{ role: 'user' as const, id: `u${i}`, content: sentence(40), createdAt: 0 }];
    const t = performance.now();
    const cpu = process.cpuUsage();
    await computeFactsInjection({
      memory,
      messages,
      settings: { ...DEFAULT_FACTS_SETTINGS, method },
      counter,
      rankers,
    });
    const used = process.cpuUsage(cpu);
    if (i >= 5) {
      samples.push(performance.now() - t);
      cpuSamples.push((used.user + used.system) / 1000);
    }
  }
  const { median, p95 } = stats(samples);
  const cpu = stats(cpuSamples);
  console.log(
    `Injection with ${method} (100 facts, 2,000-token budget, exact counts): median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (cpu ${cpu.median.toFixed(2)} / ${cpu.p95.toFixed(2)})`,
  );
}
