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
//
// The parts, in scripts/locomo/: options.ts (the command line), data.ts (the conversations and a
// turn's text), methods.ts and embeddings.ts (the rankers), scoring.ts (recall_any@k),
// retrieval-run.ts (the turn-level table), strategy-*.ts (the Retrieval strategy as shipped: its
// rows, the ideas ladder, its timing), lexical-study.ts, format.ts (table cells).

import { loadThreads } from './locomo-strategy';
import { load } from './locomo/data';
import { lexicalStudy } from './locomo/lexical-study';
import { dataDir, modelDir, strategyOnly } from './locomo/options';
import { turnRetrieval } from './locomo/retrieval-run';
import { strategyRows } from './locomo/strategy-run';

const conversations = load(dataDir);
await turnRetrieval(conversations, dataDir, modelDir, !strategyOnly);
await strategyRows(loadThreads(dataDir), modelDir);
if (strategyOnly) process.exit(0);
await lexicalStudy(conversations);
