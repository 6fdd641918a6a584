// How strategy blocks are written into the system prompt: a tagged block per section, whose body
// cannot close the tag early (the same breakout rule as the memory blocks).

import type { StrategyBlock } from './types';

const TAG = 'conversation_memory';

export function block(section: string, body: string): StrategyBlock {
  const safe = body.replace(new RegExp(`<(/?)${TAG}`, 'gi'), '&lt;$1' + TAG);
  return { section, text: `<${TAG} section="${section}">\n${safe}\n</${TAG}>` };
}

/** The line that introduces the strategy's blocks, so the model knows what they are. */
export function preamble(label: string): string {
  return (
    `The earlier conversation is carried by the "${label}" memory strategy: the ` +
    `<${TAG}> blocks below stand in for messages that are not included verbatim.`
  );
}
