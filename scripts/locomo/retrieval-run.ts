// The turn-level retrieval run: the data's counts, then recall_any@k per method, per conversation
// and overall (the app's TF-IDF and BM25, and embeddings and hybrids when a model loads).

import { resolve } from 'node:path';
import type { Conversation } from './data';
import { embeddingScorer } from './embeddings';
import { BEST, bm25Scorer, fusionScorer, tfidfScorer } from './methods';
import { pad } from './format';
import { evaluate, rate, type Scorer } from './scoring';

/** Prints the turn-level figures; `methods: false` prints the table's header alone. */
export async function turnRetrieval(
  conversations: Conversation[],
  dataDir: string,
  modelDir: string | undefined,
  methods: boolean,
): Promise<void> {
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

  console.log(`${pad('method', 40)} ${pad('conversation', 12)}  @5     @10    @20    questions`);
  for (const method of methods ? main : []) {
    const { perConversation: per, overall } = await evaluate(conversations, method.scorer);
    for (const [name, r] of per)
      console.log(
        `${pad(method.name, 40)} ${pad(name, 12)}  ${rate(r, 5)}  ${rate(r, 10)}  ${rate(r, 20)}  ${r.total}`,
      );
    console.log(
      `${pad(method.name, 40)} ${pad('overall', 12)}  ${rate(overall, 5)}  ${rate(overall, 10)}  ${rate(overall, 20)}  ${overall.total}\n`,
    );
  }
}
