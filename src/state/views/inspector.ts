// The Context inspector's view: the next request's preview (or why there is none) and the labels of
// the parts it shows.

import type { RequestPreview } from '../../core/harness/preview';
import type { TokenCounter } from '../../core/tokens/counter';
import { errorText } from '../../core/text/errors';

export { isSummaryMessage } from '../../core/tokens/counter';
export { describeOutdated, memoryLoadedEntry } from '../../core/memory/agents-md';

export interface PreviewView {
  value?: RequestPreview;
  counter?: TokenCounter;
  error?: string;
}

/** Runs a preview; a failure becomes the text the inspector shows instead. */
export async function previewView(
  preview: () => Promise<RequestPreview & { counter: TokenCounter }>,
): Promise<PreviewView> {
  try {
    const { counter, ...value } = await preview();
    return { value, counter };
  } catch (error) {
    return { error: errorText(error) };
  }
}
