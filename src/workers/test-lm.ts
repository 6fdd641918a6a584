// For the Node tests only: the tiny generated language models (scripts/make-test-lm.mjs), typed,
// where they are served from, and a user message to send them.
import type { ModelMessage } from '../core/agent/types';
import type { ModelSource } from './transformers-setup';
// @ts-expect-error: a plain .mjs script without type declarations.
import * as generator from '../../scripts/make-test-lm.mjs';

export const testLm = generator as {
  makeTestLm: (options?: { arch: 'qwen3' }) => unknown;
  TEST_LM_DIR: string;
  TEST_LM_ID: string;
  TEST_QWEN3_DIR: string;
  TEST_QWEN3_ID: string;
  TEST_LM_PARENT: string;
  SCRIPTED_ANSWER: string;
};

/** Both models as the app would serve them: a local path. */
export const testLmSource: ModelSource = { kind: 'local', path: `${testLm.TEST_LM_PARENT}/` };

export function user(content: string): ModelMessage {
  return { role: 'user', id: `u-${content}`, content, createdAt: 0 };
}
