// "How many tokens have we used?": the thread's figures, added up from the usage each model call
// reported on its reply (the replies this request carries), and this request's own size.

import { SUGGEST } from '../common';
import { say, type Action, type TurnContext } from '../turn';

/** Who spends the tokens: "we", "this chat", "the conversation". */
const SPENDER = String.raw`(?:we|I|you|(?:this|our|the)\s+(?:chat|thread|conversation|session))`;
/** What holds them: the thread, its context, this request (the prompt). */
const HOLDER = String.raw`(?:chat|thread|conversation|session|context|request|history|prompt)`;

/**
 * "count the tokens for me", "add up our tokens": a request to count them (not those of something
 * else: "count the tokens in notes/todo.md").
 */
const COUNT = String.raw`(?:please\s+)?(?:count|tally|add\s+up|total\s+up|sum\s+up)\s+(?:up\s+)?(?:(?:the|our|my|all|this\s+(?:chat|thread|conversation)'s)\s+)*tokens?\b(?!\s+(?:in|of)\s+(?!(?:this|the|our)\s+${HOLDER}\b))`;

/**
 * The same figures asked without the word "tokens": what we spent or what this chat cost ("how
 * much have we spent?", "what has this chat cost?"), how big or full the context is ("what's the
 * context size?", "how much of the context window is used?"), and the usage ("show the usage").
 * Whole clauses only: "how much did we spend on flights?" is not about tokens.
 */
const WITHOUT_THE_WORD = String.raw`(?:how\s+much\s+(?:have|has|did|do)\s+${SPENDER}\s+(?:spent|spend|used|use|consumed|burn(?:ed|t)?)|(?:what|how\s+much)\s+(?:has|did|does|is|will)\s+(?:this|our|the)\s+${HOLDER}\s+(?:cost|costing|costs)(?:\s+(?:us|me))?|how\s+(?:big|large|long|full)\s+is\s+(?:the|this|our|my)\s+(?:current\s+)?(?:${HOLDER})(?:\s+window)?|(?:what\s+is\s+)?(?:the|our|this|my)\s+(?:current\s+)?(?:${HOLDER})(?:\s+window)?\s+(?:size|usage|length)|how\s+much\s+(?:of\s+)?(?:the|our|this)\s+context(?:\s+window)?\s+(?:is|has\s+been|have\s+we|did\s+we|are\s+we)\s+(?:used|using|filled|taken|spent|left)(?:\s+up)?|(?:show|give|tell)(?:\s+me)?\s+(?:the|our)\s+usage|tokens|tally|totals|stats|usage\s+(?:stats|statistics|figures|numbers)|(?:what\s+is\s+)?(?:the|our)\s+running\s+total|how\s+much\s+of\s+(?:my|our|the)\s+(?:budget|context(?:\s+window)?|window)\s+(?:is|has\s+been|have\s+we|did\s+we)\s+(?:used|spent|gone|filled)(?:\s+up)?|(?:what\s+is\s+)?the\s+(?:size|length)\s+of\s+(?:this|our|the)\s+${HOLDER}|how\s+much\s+(?:are|is)\s+(?:we|this\s+${HOLDER})\s+(?:spending|using|costing|burning)|what\s+did\s+(?:that|this|it)\s+cost(?:\s+(?:me|us))?|(?:show|give|tell)(?:\s+me)?\s+(?:the|our|my)\s+(?:stats|statistics|numbers|figures|totals)|what\s+are\s+(?:the|our|my)\s+(?:stats|statistics|totals|figures)|how\s+(?:expensive|costly|pricey)\s+(?:has|is|was)\s+(?:this|it|(?:this|our|the)\s+${HOLDER})(?:\s+been)?|how\s+much\s+(?:context|room|space)(?:\s+window)?\s+(?:is|do\s+we\s+have|have\s+we\s+got)\s+(?:left|remaining)|(?:are|is)\s+(?:we|this\s+${HOLDER}|the\s+${HOLDER})\s+(?:close|near|nearing|getting\s+close)\s+(?:to\s+)?(?:the\s+)?(?:context\s+)?(?:limit|window|max(?:imum)?)|(?:what\s+is\s+)?(?:the|our)\s+usage(?:\s+so\s+far)?|usage\s+so\s+far)(?:\s+(?:so\s+far|in\s+total|(?:right\s+)?now|at\s+the\s+moment|currently|at\s+this\s+point|until\s+now|to\s+date))?\s*\??$`;

/**
 * A question about the thread's token figures (not about the chart: the explanation has that):
 * a count or total of tokens, tokens used or spent by us or this chat ("are we using a lot of
 * tokens?", "what has this chat cost in tokens?"), or the thread's size in tokens ("how big is
 * the context now, in tokens?"), a request to count them or for token stats.
 */
export const TOKENS = new RegExp(
  String.raw`^(?!.*\b(?:chart|graph|panel|markers?|inspector)\b)(?:` +
    String.raw`${WITHOUT_THE_WORD}|` +
    String.raw`.*\b${SPENDER}\s+(?:(?:have|has|had|are|is|were|was|did|do|been|already|really|now)\s+)*(?:cost|costs|costing|used|using|use|spent|spending|burn(?:ed|t|ing)?|consum(?:ed|ing)|gone\s+through|going\s+through)\b.*\btokens?\b|` +
    String.raw`.*\b${HOLDER}\b.*\bin\s+tokens\b|` +
    String.raw`.*\b(?:how\s+many|number\s+of|count\s+of|total|amount\s+of)\s+(?:the\s+)?tokens?\b|.*\btokens?\s+(?:count|usage|used|so\s+far|total|spent|consumed|have\s+we\s+used|did\s+we\s+use)\b|.*\btoken\s+(?:counts?|totals?|tall(?:y|ies)|figures?|numbers?|spend|stats|statistics|metrics|report|info|details|breakdown|overview)\b|${COUNT}|.*\bhow\s+(?:much|many)\b.*\b(?:used(?:\s+up)?|spent|burned|burnt|consumed|gone\s+through)\s+(?:in|on)\s+tokens?\b|.*\bhow\s+(?:much|many)\s+(?:context|tokens?)\s+(?:have|did|has)\s+(?:we|I|you|this\s+(?:chat|thread|conversation))\s+(?:used|use|spent|consumed))`,
  'i',
);

const number = (n: number) => n.toLocaleString('en-US');

export function tokensAction(context: TurnContext): Action {
  const calls = context.messages.flatMap((m) =>
    m.role === 'assistant' && m.usage ? [m.usage] : [],
  );
  const size =
    context.requestTokens !== undefined
      ? ` This request is about ${number(context.requestTokens)} tokens (the Demo's estimate, with the same tokenizer as the Token usage chart).`
      : '';
  if (calls.length === 0)
    return say(
      `No model call of this thread has finished yet, so there is nothing to add up.${size}`,
      ['Explain the token chart'],
    );
  const input = calls.reduce((sum, usage) => sum + usage.inputTokens, 0);
  const output = calls.reduce((sum, usage) => sum + usage.outputTokens, 0);
  const last = calls.at(-1)!;
  const summarized = context.messages.some((m) => m.role === 'user' && m.id.startsWith('summary_'));
  const cover = summarized
    ? ' Older turns were summarized out of this request, so these figures cover only the calls it still carries; the Token usage panel has every one.'
    : ' The Token usage panel charts each call.';
  return say(
    `This thread has made ${calls.length} model call${calls.length === 1 ? '' : 's'} so far: ${number(input)} input tokens and ${number(output)} output tokens, ${number(input + output)} in all. The last one sent ${number(last.inputTokens)} input tokens.${size}${cover}`,
    ['Explain the token chart', SUGGEST.compaction],
  );
}
