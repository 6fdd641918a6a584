// The lexical study: what moves BM25 on this data (tokenizer, parameters, document text, feedback,
// fusion), overall figures only.

import {
  DEFAULT_TOKENIZER,
  SKLEARN_TOKENIZER,
  type TokenizerOptions,
} from '../../src/core/retrieval/tokenize';
import type { Conversation } from './data';
import { pad } from './format';
import { BEST, bm25Scorer, fusionScorer, rm3Scorer, tfidfScorer } from './methods';
import { evaluate, rate, type Scorer } from './scoring';

export async function lexicalStudy(conversations: Conversation[]): Promise<void> {
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
}
