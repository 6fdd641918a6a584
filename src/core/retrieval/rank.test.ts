import { describe, expect, it } from 'vitest';
import {
  createBm25Ranker,
  createEmbeddingRanker,
  createHybridRanker,
  createMemoryVectorCache,
  createRankerResolver,
  createTfidfRanker,
  tokenize,
  DEFAULT_TOKENIZER,
  SKLEARN_TOKENIZER,
  type Embedder,
  type RankDoc,
  type Similarities,
} from './rank';
import { stem } from './tokenize';
import { ranks } from './hybrid';
import { createDotKernel } from './dot';

const FACTS: RankDoc[] = [
  { id: 'python', text: 'Prefers pytest for testing Python code' },
  { id: 'hints', text: 'Likes type hints in Python' },
  { id: 'docker', text: 'Uses Docker for containerization' },
  { id: 'react', text: 'Builds web apps with React and Next.js' },
  { id: 'tea', text: 'Drinks green tea every morning' },
];

const order = (similarities: Similarities) =>
  [...similarities].sort((a, b) => b[1] - a[1]).map(([id]) => id);

describe('tokenizer', () => {
  it('lowercases, splits on non-letters, drops stopwords and stems lightly', () => {
    expect(tokenize("Caroline's paintings were SHOWN at the museum!", DEFAULT_TOKENIZER)).toEqual([
      'caroline',
      'paint',
      'shown',
      'museum',
    ]);
    expect(tokenize('Running, ran, runs', DEFAULT_TOKENIZER)).toEqual(['run', 'ran', 'run']);
  });

  it("matches scikit-learn's default pattern in parity mode", () => {
    expect(tokenize("I don't like it, a B c dd", SKLEARN_TOKENIZER)).toEqual([
      'don',
      'like',
      'it',
      'dd',
    ]);
  });

  it('handles accents, digits and CJK text', () => {
    expect(tokenize('Café in Zürich 2023', DEFAULT_TOKENIZER)).toEqual(['cafe', 'zurich', '2023']);
    expect(tokenize('我喜欢Python编程', DEFAULT_TOKENIZER)).toEqual([
      '我喜',
      '喜欢',
      'python',
      '编程',
    ]);
    expect(tokenize('猫', DEFAULT_TOKENIZER)).toEqual(['猫']);
  });

  it('stems the usual English suffixes', () => {
    expect(
      [
        'caresses',
        'ponies',
        'cats',
        'agreed',
        'plastered',
        'motoring',
        'hopping',
        'hoping',
        'happy',
      ].map(stem),
    ).toEqual(['caress', 'poni', 'cat', 'agree', 'plaster', 'motor', 'hop', 'hope', 'happi']);
  });
});

/** scikit-learn's TfidfVectorizer (smooth IDF, l2 norm) fitted on [query, ...docs], done densely. */
function referenceTfidf(query: string, docs: RankDoc[]): number[] {
  const texts = [query, ...docs.map((d) => d.text)].map((t) => tokenize(t, SKLEARN_TOKENIZER));
  const vocab = [...new Set(texts.flat())];
  const n = texts.length;
  const idf = vocab.map(
    (term) => Math.log((1 + n) / (1 + texts.filter((t) => t.includes(term)).length)) + 1,
  );
  const vectors = texts.map((tokens) => {
    const v = vocab.map((term, i) => tokens.filter((t) => t === term).length * (idf[i] ?? 0));
    const norm = Math.hypot(...v);
    return v.map((x) => (norm > 0 ? x / norm : 0));
  });
  const q = vectors[0] ?? [];
  return vectors.slice(1).map((v) => v.reduce((sum, x, i) => sum + x * (q[i] ?? 0), 0));
}

describe('TF-IDF ranker', () => {
  it('matches a dense computation of scikit-learn TF-IDF cosine (DeerFlow parity)', () => {
    const ranker = createTfidfRanker();
    for (const query of [
      'How should I write Python tests?',
      'How to optimize my Next.js app with React',
      'green tea and python docker python',
      'nothing shared here',
    ]) {
      const got = ranker.similarities(query, FACTS) as Similarities;
      const expected = referenceTfidf(query, FACTS);
      FACTS.forEach((fact, i) => expect(got.get(fact.id)).toBeCloseTo(expected[i] ?? 0, 10));
    }
  });

  it('ranks the DeerFlow examples sensibly', () => {
    const ranker = createTfidfRanker();
    expect(
      order(ranker.similarities('How should I write Python tests?', FACTS) as Similarities).slice(
        0,
        2,
      ),
    ).toEqual(['hints', 'python']);
    expect(order(ranker.similarities('Optimize my Next.js app', FACTS) as Similarities)[0]).toBe(
      'react',
    );
  });

  it('gives every doc an entry, zero without shared words, and handles no docs', () => {
    const ranker = createTfidfRanker();
    const result = ranker.similarities('quantum chromodynamics', FACTS) as Similarities;
    expect(result.size).toBe(FACTS.length);
    expect([...result.values()].every((v) => v === 0)).toBe(true);
    expect((ranker.similarities('python', []) as Similarities).size).toBe(0);
  });
});

describe('BM25 ranker', () => {
  it('scales to 0..1 with the best doc at 1', () => {
    const ranker = createBm25Ranker();
    const result = ranker.similarities('python testing with pytest', FACTS) as Similarities;
    expect(order(result)[0]).toBe('python');
    expect(result.get('python')).toBe(1);
    expect(result.get('hints')).toBeGreaterThan(0);
    expect(result.get('hints')).toBeLessThan(1);
    expect(result.get('tea')).toBe(0);
  });

  it('prefers rare terms and matches stemmed forms', () => {
    const ranker = createBm25Ranker();
    const docs: RankDoc[] = [
      { id: 'a', text: 'python python python' },
      { id: 'b', text: 'python kubernetes' },
      { id: 'c', text: 'python' },
    ];
    expect(order(ranker.similarities('python kubernetes', docs) as Similarities)[0]).toBe('b');
    expect(order(ranker.similarities('drinking teas', FACTS) as Similarities)[0]).toBe('tea');
  });

  it('reuses its index for the same docs and rebuilds when a fact changes', () => {
    const ranker = createBm25Ranker();
    const first = ranker.similarities('tea', FACTS) as Similarities;
    expect(first.get('tea')).toBe(1);
    const edited = FACTS.map((f) => (f.id === 'tea' ? { ...f, text: 'Drinks coffee' } : f));
    expect((ranker.similarities('tea', edited) as Similarities).get('tea')).toBe(0);
  });
});

/** An embedder over a tiny fixed vocabulary: each text's vector counts topic words. */
function topicEmbedder(): Embedder & { calls: string[][] } {
  const topics = [
    ['python', 'pytest', 'tests', 'hints', 'code'],
    ['docker', 'container', 'containerization', 'kubernetes'],
    ['react', 'next', 'web', 'frontend', 'ui'],
    ['tea', 'coffee', 'drink', 'drinks', 'morning', 'beverage'],
  ];
  const calls: string[][] = [];
  return {
    modelId: 'topics',
    calls,
    async embed(texts) {
      calls.push(texts);
      return texts.map((text) => {
        const words = text.toLowerCase().split(/\W+/);
        // Unnormalised on purpose: the ranker normalises.
        return Float32Array.from(
          topics.map((topic) => words.filter((w) => topic.includes(w)).length * 3 + 0.01),
        );
      });
    },
  };
}

describe('embedding ranker', () => {
  it('ranks by cosine on normalised vectors, in 0..1', async () => {
    const ranker = createEmbeddingRanker({ embedder: topicEmbedder() });
    const result = await ranker.similarities('what beverage do I like', FACTS);
    expect(order(result)[0]).toBe('tea');
    for (const value of result.values()) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
    expect(result.get('tea')).toBeCloseTo(1, 3);
  });

  it('embeds each fact once, keeps vectors in the cache, and re-embeds only an edited fact', async () => {
    const embedder = topicEmbedder();
    const cache = createMemoryVectorCache();
    const ranker = createEmbeddingRanker({ embedder, cache });
    await ranker.similarities('python', FACTS);
    await ranker.similarities('docker', FACTS);
    expect(embedder.calls).toEqual([['python'], FACTS.map((f) => f.text), ['docker']]);
    expect(cache.size).toBe(FACTS.length);

    const edited = FACTS.map((f) => (f.id === 'tea' ? { ...f, text: 'Drinks coffee' } : f));
    await ranker.similarities('python', edited);
    expect(embedder.calls.at(-1)).toEqual(['Drinks coffee']);

    // A new ranker (after a reload) answers from the cache alone.
    const again = topicEmbedder();
    await createEmbeddingRanker({ embedder: again, cache }).similarities('python', FACTS);
    expect(again.calls).toEqual([['python']]);
  });

  it('gives the same scores with the WebAssembly SIMD kernel and the plain loop', async () => {
    const simd = createEmbeddingRanker({ embedder: topicEmbedder() });
    const plain = createEmbeddingRanker({ embedder: topicEmbedder(), wasm: false });
    expect(simd.kernel).toBe('wasm-simd'); // Node 20 has WebAssembly SIMD
    expect(plain.kernel).toBe('js');
    for (const query of ['python docker', 'tea in the morning', 'react ui web']) {
      const a = await simd.similarities(query, FACTS);
      const b = await plain.similarities(query, FACTS);
      for (const f of FACTS) expect(a.get(f.id)).toBeCloseTo(b.get(f.id) ?? -1, 6);
    }
  });

  it('runs the kernels on sizes that are not a multiple of 4, and on a new set after a bigger one', () => {
    for (const wasm of [true, false]) {
      const kernel = createDotKernel({ wasm });
      kernel.reserve(3, 6);
      kernel.setRow(0, Float32Array.from([1, 0, 0, 0, 0, 0]));
      kernel.setRow(1, Float32Array.from([0, 0, 0, 0, 0, 1]));
      kernel.setRow(2, Float32Array.from([0.6, 0, 0, 0, 0, 0.8]));
      expect([...kernel.scores(Float32Array.from([0, 0, 0, 0, 0, 1]))]).toEqual([
        0,
        1,
        expect.closeTo(0.8, 6),
      ]);
      kernel.reserve(20_000, 5);
      for (let i = 0; i < 20_000; i++) kernel.setRow(i, Float32Array.from([i % 2, 0, 0, 0, -1]));
      const scores = kernel.scores(Float32Array.from([1, 0, 0, 0, 0]));
      expect(scores.length).toBe(20_000);
      expect([scores[0], scores[1], scores[19_999]]).toEqual([0, 1, 1]);
      kernel.reserve(1, 2);
      kernel.setRow(0, Float32Array.from([0.5, 0.5]));
      // Negative similarities are clamped to 0.
      expect([...kernel.scores(Float32Array.from([1, 1]))]).toEqual([1]);
      expect([...kernel.scores(Float32Array.from([-1, -1]))]).toEqual([0]);
    }
  });

  it('fails clearly on vectors of different sizes', async () => {
    const broken: Embedder = {
      modelId: 'broken',
      embed: async (texts) => texts.map((_, i) => new Float32Array(i === 0 ? 3 : 4).fill(1)),
    };
    await expect(
      createEmbeddingRanker({ embedder: broken }).similarities('x', FACTS),
    ).rejects.toThrow(/size mismatch/);
  });
});

describe('hybrid ranker', () => {
  const lexical = createBm25Ranker();
  it('mixes lexical and semantic similarities (weighted)', async () => {
    const semantic = createEmbeddingRanker({ embedder: topicEmbedder() });
    const hybrid = createHybridRanker({ lexical, semantic });
    const query = 'a warm beverage in the morning, and pytest';
    const [l, s, h] = await Promise.all([
      lexical.similarities(query, FACTS),
      semantic.similarities(query, FACTS),
      hybrid.similarities(query, FACTS),
    ]);
    for (const fact of FACTS)
      expect(h.get(fact.id)).toBeCloseTo(
        0.5 * (l.get(fact.id) ?? 0) + 0.5 * (s.get(fact.id) ?? 0),
        10,
      );
    // Semantic-only match (tea) and lexical-only match (pytest) both surface.
    expect(order(h).slice(0, 2).sort()).toEqual(['python', 'tea']);
  });

  it('fuses ranks (rrf), scaled so a doc first in both gets 1', async () => {
    const semantic = createEmbeddingRanker({ embedder: topicEmbedder() });
    const hybrid = createHybridRanker({ lexical, semantic, mode: 'rrf' });
    const result = await hybrid.similarities('python pytest tests code', FACTS);
    expect(result.get('python')).toBeCloseTo(1, 10);
    expect(
      ranks(
        new Map([
          ['a', 0.5],
          ['b', 0.9],
          ['c', 0],
          ['d', 0.5],
        ]),
      ),
    ).toEqual(
      new Map([
        ['b', 1],
        ['a', 2],
        ['d', 2],
      ]),
    );
  });
});

describe('ranker resolution', () => {
  it('gives lexical rankers directly', () => {
    const resolve = createRankerResolver();
    expect(resolve('tfidf').ranker.id).toBe('tfidf');
    expect(resolve('bm25').ranker.id).toBe('bm25');
    expect(resolve('bm25').fallback).toBeUndefined();
  });

  it('falls back to BM25 while embeddings are off, idle, loading or failed, and says why', () => {
    const embedder = topicEmbedder();
    let status: { state: 'idle' | 'loading' | 'ready' | 'failed'; message?: string } = {
      state: 'loading',
    };
    const resolve = createRankerResolver({ embedder: () => embedder, status: () => status });
    expect(resolve('embeddings')).toMatchObject({
      fallback: 'bm25',
      reason: 'the embedding model is loading',
    });
    expect(resolve('hybrid').ranker.id).toBe('bm25');
    status = { state: 'failed', message: 'model.onnx: 404' };
    expect(resolve('embeddings')).toMatchObject({ fallback: 'bm25', reason: 'model.onnx: 404' });
    status = { state: 'idle' };
    expect(resolve('embeddings').fallback).toBe('bm25');
    status = { state: 'ready' };
    expect(resolve('embeddings').ranker.id).toBe('embeddings');
    expect(resolve('hybrid').ranker.id).toBe('hybrid');
    expect(resolve('hybrid').fallback).toBeUndefined();
    // The same ranker object (and its cached matrix) while the embedder stays the same.
    expect(resolve('embeddings').ranker).toBe(resolve('embeddings').ranker);
    expect(createRankerResolver()('embeddings')).toMatchObject({
      fallback: 'bm25',
      reason: 'embeddings are not available',
    });
  });
});
