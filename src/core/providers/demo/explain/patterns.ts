// Explanations and demos of the app's mechanisms: a topic by any of its words ("how does
// summarisation work here?"), the compaction tour, offload, a long file, the strategies.

import { END } from '../language';
import type { Intent, Topic } from '../intents';
import { strategiesNamed } from './compare';

const TOUR = new RegExp(
  String.raw`^(?:(?:show|demo|demonstrate|trigger|start|run|try|see|do|give|walk)\s+(?:me\s+)?(?:through\s+)?|let\s+us\s+see\s+|I\s+(?:want|would\s+like)\s+to\s+see\s+)?(?:a\s+|an\s+|the\s+|some\s+)?(?:context\s+)?(?:compaction|truncation|summari[sz]ation|context\s+management|context\s+compression)(?:\s+(?:demo|tour|in\s+action|at\s+work|working|happen(?:ing)?|now|please))*${END}`,
  'i',
);
const OFFLOAD_DEMO = new RegExp(
  String.raw`^(?:(?:show|demo|demonstrate|trigger|try|run|do|see)\s+(?:me\s+)?(?:a\s+|an\s+|some\s+)?(?:offload(?:ing)?|(?:a\s+)?(?:large|big|huge)\s+tool\s+result)(?:\s+(?:demo|in\s+action))?|run\s+(?:a\s+|the\s+)?(?:big|large|long|huge|heavy)\s+(?:computation|calculation|job|script|program)|(?:do|compute)\s+(?:a\s+)?(?:big|large|huge)\s+(?:computation|calculation))${END}`,
  'i',
);
const LONG_FILE = new RegExp(
  String.raw`^(?:write|create|make|generate|add)\s+(?:me\s+)?(?:a\s+|another\s+|one\s+more\s+)?(?:long|big|large|huge|lengthy)\s+(?:file|document|note|notes|text)(?:\s+(?:to|at|in|called|named)\s+(\/\S+?))?(?:\s+again)?${END}`,
  'i',
);
/**
 * Each topic the Demo can explain, with the words people use for it; the most specific first, so
 * "the summarization strategy" is a strategy and "export my memory" the bundle.
 */
const TOPIC_WORDS: [Topic, RegExp][] = [
  ['arena', /\barena\b/i],
  [
    'inspector',
    /\b(?:context\s+)?inspector\b|\bcontext\s+(?:tab|panel|view)\b|\bnext\s+request\b|\bexact\s+request\b/i,
  ],
  [
    'token-chart',
    /\btokens?\s+(?:usage|chart|graph|counts?|panel|meter|budget|use)\b|\b(?:usage|token)\s+(?:chart|graph)\b|\bthe\s+chart\b|\bchart\s+markers?\b|\bhow\s+many\s+tokens\b/i,
  ],
  [
    'bundle',
    /\bbundles?\b|\bexport(?:ing|s|ed)?\b|\bimport(?:ing|s|ed)?\b|\bback\s*(?:ing\s+)?up\b|\bbackups?\b|\.zip\b|\bzip\s+files?\b/i,
  ],
  [
    'strategies',
    /\bstrateg(?:y|ies)\b|\bsliding\s+window\b|\bos-like\s+paging\b|\bpaging\b|\bmemory-augmented\b|\bhierarchical\s+memory\b|\bknowledge\s+graph\b|\bretrieval\b|\brunning\s+summary\b/i,
  ],
  [
    'truncation',
    /\btruncat(?:ion|ions|ing|ed|es|e)\b|\b(?:cut|shortened|clipped)\s+(?:(?:old|tool|file)\s+)?(?:inputs?|arguments?|args)\b/i,
  ],
  [
    'offload',
    /\boff-?load(?:s|ing|ed)?\b|\blarge_tool_results\b|\b(?:large|big|huge|long)\s+(?:tool\s+)?(?:results?|outputs?)\b|\btool\s+(?:results?|outputs?)\b.*\b(?:saved|written|moved|stored|put|replaced)\b/i,
  ],
  [
    'fact-memory',
    /\bfacts?\s+(?:memory|panel)\b|\bmemory\.json\b|\bfacts\b|\bmemory\s+updater\b|\bdeerflow\b|\bupdate\s+memory\s+now\b/i,
  ],
  [
    'compaction',
    /\bcompact(?:ion|ing|ed|s)?\b|\bsummar(?:y|ies|i[sz]ation|i[sz]ing|i[sz]ed|i[sz]er)\b|\bcontext\s+(?:compression|management|window|limit|overflow|length)\b|\bcompress(?:ion|ing|ed)?\b|\bconversation_history\b|\bhistory\s+file\b/i,
  ],
  [
    'memory',
    /\bagents\.md\b|\bagents\s+files?\b|\bmemory\s+files?\b|\blong[-\s]term\s+memory\b|\bmemory\b|\bmemories\b|\bremembering\b|\bhow\s+do\s+you\s+remember\b/i,
  ],
];
/** Ways of asking for an explanation (a question, or "explain", "tell me about", "walk me through"). */
const EXPLAIN_LEAD =
  /^(?:explain|describe|define|clarify|elaborate\s+on|tell\s+me\s+(?:more\s+)?about|teach\s+me|talk\s+(?:to\s+)?(?:me\s+)?about|walk\s+me\s+through|help\s+me\s+understand|I\s+(?:want|would\s+like|need)\s+to\s+(?:understand|learn|know)|I\s+do\s+not\s+(?:understand|get)|what|how|why|when|which|is|are|does|do|can|should|info(?:rmation)?\s+(?:on|about)|more\s+(?:on|about)|details\s+(?:on|about)|more\s+info)\b/i;
/** Opening a part of the app by name: "open the arena", "where's the token chart?". */
const PLACE = new RegExp(
  String.raw`^(?:open|show(?:\s+me)?|go\s+to|take\s+me\s+to|bring\s+up|where\s+(?:is|are|can\s+I\s+find|do\s+I\s+find))\s+(?:the\s+)?(?:arena|(?:context\s+)?inspector|token\s+(?:usage|chart)(?:\s+(?:chart|panel|graph))?|(?:memory\s+)?bundle(?:\s+panel)?|context\s+(?:tab|panel)|strateg(?:y|ies)\s+(?:panel|tab)|facts?\s+(?:panel|tab))${END}`,
  'i',
);
/** Words that leave only the topic behind: "the", "context", "panel"… */
const FILLER =
  /\b(?:the|a|an|context|panel|tab|please|in|this|app|here|about|on|work|works|mean|means)\b|[?.!,]/gi;
const STRATEGIES = new RegExp(
  String.raw`^(?:(?:compare|list|show(?:\s+me)?|explain|describe|what\s+are)\s+(?:the\s+|all\s+|your\s+)?(?:context\s+)?(?:memory\s+)?strateg(?:y|ies)|(?:context\s+)?strategies|which\s+(?:context\s+)?strategy\s+(?:should\s+I\s+(?:use|pick|choose)|is\s+best))${END}`,
  'i',
);
/** "switch to sliding window", "use the retrieval strategy": the select does that, not the script. */
const SWITCH_STRATEGY =
  /^(?:switch|change|set|move|go|use|select|pick|choose|try|turn\s+on|enable)\b.*\b(?:strateg(?:y|ies)|sliding\s+window|retrieval|sequential|memory-augmented|hierarchical|graph|compression|os-like\s+paging|paging|deep\s+agents)\b/i;
const FACT_MEMORY = /^(?:show\s+me\s+|try\s+|demo\s+)?(?:the\s+)?fact\s+memory(?:\s+demo)?\??$/i;
/** A demo of a mechanism, a fixed form ("compare strategies"), or a part of the app by name. */
export function topicIntent(text: string): Intent | undefined {
  // Two strategies named together are compared ("sliding window vs summarization").
  const named = strategiesNamed(text);
  if (named.length >= 2) return { kind: 'compare-strategies', ids: named };
  if (TOUR.test(text)) return { kind: 'tour' };
  if (OFFLOAD_DEMO.test(text)) return { kind: 'big-computation' };
  const long = LONG_FILE.exec(text);
  if (long) return long[1] ? { kind: 'long-file', path: long[1] } : { kind: 'long-file' };
  if (STRATEGIES.test(text) || SWITCH_STRATEGY.test(text))
    return { kind: 'explain', topic: 'strategies' };
  if (FACT_MEMORY.test(text)) return { kind: 'explain', topic: 'fact-memory' };
  if (SMALL_TALK.test(text)) return { kind: 'small-talk' };
  if (PLACE.test(text)) {
    const topic = topicOf(text);
    if (topic) return { kind: 'explain', topic };
  }
  return undefined;
}

/** The topic a text is about, the most specific first. */
function topicOf(text: string): Topic | undefined {
  return TOPIC_WORDS.find(([, words]) => words.test(text))?.[0];
}

/**
 * A request for an explanation: a question or an "explain / tell me about / walk me through" that
 * names a topic the Demo has an explanation for, in any of its words ("how does summarisation
 * work here?", "what's the token chart for?"), or the topic's name alone ("truncation?").
 */
export function explainIntent(text: string, question: boolean): Intent | undefined {
  // "why did you save that?": when and how the script saves is the memory explanation.
  if (
    /^why\s+(?:did|do|would|will)\s+you\s+(?:save|store|remember|write|add|note|keep)\b/i.test(text)
  )
    return { kind: 'explain', topic: 'memory' };
  const topic = topicOf(text);
  if (!topic) return undefined;
  // About the user, not the mechanism: "what's my favourite strategy?", "what did I say about it?"
  if (
    /\bmy\s+(?:favou?rite|preferred|usual|own)\b|\b(?:I|we)\s+(?:said|told|say|tell|mentioned)\b/i.test(
      text,
    )
  )
    return undefined;
  const words = TOPIC_WORDS.find(([name]) => name === topic)?.[1];
  const bare = words
    ? text.replace(new RegExp(words.source, 'gi'), '').replace(FILLER, '').trim()
    : text;
  if (question || EXPLAIN_LEAD.test(text) || bare === '') return { kind: 'explain', topic };
  return undefined;
}

const SMALL_TALK =
  /^(?:how\s+are\s+you(?:\s+doing)?(?:\s+today)?|how\s+is\s+it\s+going|how\s+are\s+things|what\s+is\s+up|sup|how\s+do\s+you\s+do|are\s+you\s+(?:ok|okay|there|alive|awake))\s*\??$/i;
