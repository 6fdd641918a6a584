// "How many tokens have we used?": the thread's figures, added up from the usage each model call
// reported on its reply (the replies this request carries), and this request's own size.

import { SUGGEST } from '../common';
import type { TokenFocus } from '../intents';
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
const WITHOUT_THE_WORD = String.raw`(?:how\s+much\s+(?:have|has|did|do)\s+${SPENDER}\s+(?:spent|spend|used|use|consumed|burn(?:ed|t)?)|(?:what|how\s+much)\s+(?:has|did|does|is|will)\s+(?:this|our|the)\s+${HOLDER}\s+(?:cost|costing|costs)(?:\s+(?:us|me))?|how\s+(?:big|large|long|full)\s+is\s+(?:the|this|our|my)\s+(?:current\s+)?(?:${HOLDER})(?:\s+window)?|(?:what\s+is\s+)?(?:the|our|this|my)\s+(?:current\s+)?(?:${HOLDER}(?:\s+window)?|window)\s+(?:size|usage|length)|how\s+much\s+(?:of\s+)?(?:the|our|this)\s+context(?:\s+window)?\s+(?:is|has\s+been|have\s+we|did\s+we|are\s+we)\s+(?:used|using|filled|taken|spent|left)(?:\s+up)?|(?:show|give|tell)(?:\s+me)?\s+(?:the|our)\s+usage|tokens|tally|totals|stats|usage\s+(?:stats|statistics|figures|numbers)|(?:what\s+is\s+)?(?:the|our)\s+running\s+total|how\s+much\s+of\s+(?:my|our|the)\s+(?:token\s+)?(?:budget|context(?:\s+window)?|window)\s+(?:is|has\s+been|have\s+we|did\s+we)\s+(?:used|spent|gone|filled|left|remaining)(?:\s+up)?|(?:what\s+is\s+)?the\s+(?:cost|price)\s+of\s+(?:this|our|the)\s+${HOLDER}|(?:what\s+is\s+)?the\s+(?:size|length)\s+of\s+(?:this|our|the)\s+${HOLDER}|how\s+much\s+(?:are|is)\s+(?:we|this\s+${HOLDER})\s+(?:spending|using|costing|burning)|what\s+did\s+(?:that|this|it)\s+cost(?:\s+(?:me|us))?|(?:show|give|tell)(?:\s+me)?\s+(?:the|our|my)\s+(?:stats|statistics|numbers|figures|totals)|what\s+are\s+(?:the|our|my)\s+(?:stats|statistics|totals|figures)|how\s+(?:expensive|costly|pricey)\s+(?:has|is|was)\s+(?:this|it|(?:this|our|the)\s+${HOLDER})(?:\s+been)?|how\s+much\s+(?:context|room|space|headroom|budget)(?:\s+window)?\s+(?:is|do\s+we\s+have|have\s+we\s+got)\s+(?:left|remaining)|how\s+much\s+(?:room|space|headroom)\s+(?:is\s+)?(?:left|remaining)\s+(?:in|of)\s+(?:the|our|this|my)\s+(?:context(?:\s+window)?|window|budget)|(?:what\s+is\s+)?(?:the|our|my)\s+(?:token\s+)?spend|(?:are|is)\s+(?:we|this\s+${HOLDER}|the\s+${HOLDER})\s+(?:close|near|nearing|getting\s+close)\s+(?:to\s+)?(?:the\s+)?(?:context\s+)?(?:limit|window|max(?:imum)?)|(?:what\s+is\s+)?(?:the|our)\s+usage(?:\s+so\s+far)?|usage\s+so\s+far)(?:\s+(?:so\s+far|in\s+total|(?:right\s+)?now|at\s+the\s+moment|currently|at\s+this\s+point|until\s+now|to\s+date))?\s*\??$`;

/** The last model call, said as a call, a reply, a turn or a message ("the last call"). */
const LAST = String.raw`(?:(?:(?:the|my|your|our|that)\s+)?(?:last|latest|previous|most\s+recent|final)\s+|(?:this|that)\s+)(?:model\s+)?(?:call|reply|response|turn|message|answer|request|exchange|round)`;
/**
 * What the last call cost: "what did the last call cost in tokens?", "how big was your last
 * reply?", "tokens used by the previous turn". Not what it said ("what did the last reply say
 * about costs?").
 */
const LAST_ASK = String.raw`(?!.*\b(?:say|said|mention(?:ed)?|about|mean|meant)\b)(?:.*\b${LAST}\b.*\b(?:cost|costs|tokens?|used|use|took|take|spent|spend|consumed|weigh|size|big|large)\b|.*\b(?:cost|tokens?|size|usage)\s+(?:of|for|in|by)\s+${LAST}\b|how\s+(?:big|large|expensive|costly|heavy)\s+(?:was|is)\s+${LAST}\b.*)`;
/** The context's limit: its window, its maximum, the point where compaction starts. */
const LIMIT_NOUN = String.raw`(?:(?:the|our|my|this|its)\s+)?(?:(?:(?:context|token)(?:\s+window)?|window)\s+(?:limit|max(?:imum)?|cap|ceiling|size)|(?:context|token)\s+window|limit|max(?:imum)?|cap|ceiling|(?:compaction|summarization)(?:\s+(?:trigger|threshold|point|limit))?)`;
const WHO = String.raw`(?:we|I|you|it|this\s+${HOLDER}|the\s+${HOLDER}|our\s+${HOLDER})`;
/**
 * How near the context is to its limit: "how close are we to the context limit?", "how far are we
 * from compaction?", "how much room is left before the limit?", "when will compaction kick in?".
 * Not another limit or deadline ("how close are we to the deadline?", "my credit card limit").
 */
const LIMIT_ASK = String.raw`(?:how\s+much\s+(?:room|space|headroom|budget|context)(?:\s+window)?\s+(?:is|do\s+we\s+have|have\s+we\s+got)\s+(?:left|remaining)|how\s+much\s+(?:room|space|headroom)\s+(?:is\s+)?(?:left|remaining)\s+(?:in|of)\s+(?:the|our|this|my)\s+(?:context(?:\s+window)?|window|budget)|(?:what\s+is\s+)?the\s+(?:context\s+)?window\s+size|how\s+much\s+of\s+(?:my|our|the)\s+(?:token\s+)?(?:budget|context(?:\s+window)?|window)\s+is\s+(?:left|remaining)|how\s+(?:many|much)\s+(?:more\s+)?(?:tokens?|room|space)\s+(?:(?:do\s+we\s+have|are|is)\s+(?:left\s+)?)?(?:until|till|before|to)\s+(?:we\s+(?:hit|reach)\s+)?${LIMIT_NOUN}|how\s+(?:close|near|far)\s+(?:are|is|am|were)\s+${WHO}\s+(?:to|from|off)\s+${LIMIT_NOUN}|how\s+(?:close|near|far)\s+(?:to|from|off)\s+${LIMIT_NOUN}\s+(?:are|is|am)\s+${WHO}|(?:are|is|am)\s+${WHO}\s+(?:close|near|nearing|getting\s+(?:close|near)|approaching|hitting|reaching|about\s+to\s+hit|near\s+to)\s+(?:to\s+)?${LIMIT_NOUN}|how\s+much\s+(?:more\s+)?(?:room|space|headroom|context|tokens?)\s+(?:is\s+|are\s+)?(?:left|remains|remaining|do\s+we\s+have(?:\s+left)?|have\s+we\s+got(?:\s+left)?)\s+(?:before|until|till)\s+(?:${LIMIT_NOUN}|we\s+(?:hit|reach)\s+${LIMIT_NOUN}|compaction(?:\s+(?:kicks\s+in|starts))?)|(?:when|how\s+soon)\s+(?:will|does|would|is)\s+(?:the\s+)?compaction\s+(?:kick\s+in|start|happen|trigger|run|going\s+to\s+(?:kick\s+in|start|happen))|(?:will|do|are)\s+(?:we|you)\s+(?:going\s+to\s+)?(?:hit|reach|run\s+into|run\s+out\s+of)\s+(?:${LIMIT_NOUN}|context|room|space)(?:\s+soon)?|how\s+much\s+headroom\b.*|what\s+is\s+(?:the|our)\s+headroom|how\s+full\s+is\s+${LIMIT_NOUN}|(?:what|how\s+much)\s+is\s+left\s+(?:of|in)\s+${LIMIT_NOUN}|(?:what|how\s+(?:much|big))\s+is\s+(?:the|our|my)\s+(?:context|token)(?:\s+window)?\s+(?:limit|max(?:imum)?|cap)|distance\s+to\s+${LIMIT_NOUN})`;
/** The question whole: nothing after it but a word of time ("how much room is left for X?" is not). */
const LIMIT_WHOLE = String.raw`${LIMIT_ASK}(?:\s+(?:now|yet|already|soon|so\s+far|right\s+now|at\s+this\s+point|in\s+this\s+(?:chat|thread|conversation|session)))?\s*$`;

export function tokenFocus(bare: string): TokenFocus | undefined {
  if (new RegExp(String.raw`^(?!.*\b(?:chart|graph|panel)\b)${LIMIT_WHOLE}`, 'i').test(bare))
    return 'limit';
  if (new RegExp(String.raw`^${LAST_ASK}`, 'i').test(bare)) return 'last';
  return undefined;
}

/**
 * A question about the thread's token figures (not about the chart: the explanation has that):
 * a count or total of tokens, tokens used or spent by us or this chat ("are we using a lot of
 * tokens?", "what has this chat cost in tokens?"), or the thread's size in tokens ("how big is
 * the context now, in tokens?"), a request to count them or for token stats.
 */
export const TOKENS = new RegExp(
  String.raw`^(?!.*\b(?:chart|graph|panel|markers?|inspector)\b)(?:` +
    String.raw`${WITHOUT_THE_WORD}|${LAST_ASK}|.*\b${LIMIT_WHOLE}|` +
    String.raw`.*\b${SPENDER}\s+(?:(?:have|has|had|are|is|were|was|did|do|been|already|really|now)\s+)*(?:cost|costs|costing|used|using|use|spent|spending|burn(?:ed|t|ing)?|consum(?:ed|ing)|gone\s+through|going\s+through)\b.*\btokens?\b|` +
    String.raw`.*\b${HOLDER}\b.*\bin\s+tokens\b|` +
    String.raw`.*\b(?:how\s+many|number\s+of|count\s+of|total|amount\s+of)\s+(?:the\s+)?tokens?\b|.*\btokens?\s+(?:count|usage|used|so\s+far|total|spent|consumed|have\s+we\s+used|did\s+we\s+use)\b|.*\btoken\s+(?:counts?|totals?|tall(?:y|ies)|figures?|numbers?|spend|stats|statistics|metrics|report|info|details|breakdown|overview)\b|${COUNT}|.*\bhow\s+(?:much|many)\b.*\b(?:used(?:\s+up)?|spent|burned|burnt|consumed|gone\s+through)\s+(?:in|on)\s+tokens?\b|.*\bhow\s+(?:much|many)\s+(?:context|tokens?)\s+(?:have|did|has)\s+(?:we|I|you|this\s+(?:chat|thread|conversation))\s+(?:used|use|spent|consumed))`,
  'i',
);

const number = (n: number) => n.toLocaleString('en-US');

/** How near this request is to the window: used, the window, what is left (or "" unknown). */
function nearness(context: TurnContext): string {
  const { requestTokens: used, contextWindow } = context;
  if (used === undefined || contextWindow === undefined)
    return "I can't say how near the limit we are: the Demo could not count this request or knows no context window.";
  const window = contextWindow.tokens;
  const whose =
    contextWindow.from === 'settings' ? 'the window set in Settings' : "the model profile's window";
  const share = ((used / window) * 100).toFixed(used / window < 0.1 ? 1 : 0);
  const left =
    used <= window
      ? `${share}% used, ${number(window - used)} tokens left`
      : `${number(used - window)} tokens over it`;
  return `This request is about ${number(used)} tokens of a ${number(window)}-token context window (${whose}): ${left}. Compaction starts before the window is full, at the trigger its settings give.`;
}

export function tokensAction(context: TurnContext, focus?: TokenFocus): Action {
  const calls = context.messages.flatMap((m) =>
    m.role === 'assistant' && m.usage ? [m.usage] : [],
  );
  const lead = focus === 'limit' ? `${nearness(context)}\n\n` : '';
  const size =
    context.requestTokens !== undefined && focus !== 'limit'
      ? ` This request is about ${number(context.requestTokens)} tokens (the Demo's estimate, with the same tokenizer as the Token usage chart).`
      : '';
  if (calls.length === 0)
    return say(
      `${lead}No model call of this thread has finished yet, so there is nothing to add up.${size}`,
      ['Explain the token chart'],
    );
  const input = calls.reduce((sum, usage) => sum + usage.inputTokens, 0);
  const output = calls.reduce((sum, usage) => sum + usage.outputTokens, 0);
  const last = calls.at(-1)!;
  const lastSaid =
    focus === 'last'
      ? `The last model call used ${number(last.inputTokens)} input tokens and ${number(last.outputTokens)} output tokens, ${number(last.inputTokens + last.outputTokens)} in all (from its call record).\n\n`
      : '';
  const summarized = context.messages.some((m) => m.role === 'user' && m.id.startsWith('summary_'));
  const cover = summarized
    ? ' Older turns were summarized out of this request, so these figures cover only the calls it still carries; the Token usage panel has every one.'
    : ' The Token usage panel charts each call.';
  return say(
    `${lead}${lastSaid}This thread has made ${calls.length} model call${calls.length === 1 ? '' : 's'} so far: ${number(input)} input tokens and ${number(output)} output tokens, ${number(input + output)} in all. The last one sent ${number(last.inputTokens)} input tokens.${size}${cover}`,
    ['Explain the token chart', SUGGEST.compaction],
  );
}
