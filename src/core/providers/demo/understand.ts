// What a message asks for: a labelled script over verbs and slots. Each clause of the message
// (language.ts splits them) is classified into one intent with its slots: remember (the fact in the
// third person), a question about the user, a file command with its path or bare file name, a
// demo of a mechanism, an explanation, a greeting, thanks, help, or a request the script cannot do.
// Deterministic: the same text always gives the same intents.

import { GREETING, NOT_NAMES, normalise, splitClauses, thirdPerson, unwrap } from './language';

export type Topic = 'compaction' | 'offload' | 'strategies' | 'fact-memory' | 'memory';

export type Intent =
  | { kind: 'greet' }
  | { kind: 'thanks' }
  | { kind: 'ack' }
  | { kind: 'bye' }
  | { kind: 'small-talk' }
  | { kind: 'help' }
  | { kind: 'identity' }
  /** "remember that …": the facts to save, in the third person ([] when the content is missing). */
  | { kind: 'remember'; facts: string[] }
  /** "remember that", "please remember this": refers back to what was said before. */
  | { kind: 'remember-back' }
  /** A statement; `lasting` ones (a name, a preference, an allergy, a standing rule) are saved. */
  | { kind: 'statement'; fact: string; said: string; lasting: boolean }
  | { kind: 'forget'; what: string }
  | { kind: 'ask-name' }
  | { kind: 'ask-about-me' }
  | { kind: 'ask'; question: string }
  | { kind: 'list'; path: string }
  /** A file by path (absolute), or by a bare name to look up first ("todo.md", "the README"). */
  | { kind: 'read'; path: string; note?: string }
  | { kind: 'open'; name: string; mine: boolean; note?: string }
  | { kind: 'locate'; name: string }
  | { kind: 'search'; pattern: string; path?: string }
  | { kind: 'glob'; pattern: string; path?: string }
  | { kind: 'tour' }
  | { kind: 'long-file'; path?: string }
  | { kind: 'big-computation' }
  | { kind: 'explain'; topic: Topic }
  | { kind: 'summarize-conversation' }
  | { kind: 'unsupported'; said: string; task?: string };

export interface Understanding {
  greeted: boolean;
  intents: Intent[];
}

/** The intents of a message, clause by clause, in order. */
export function understand(text: string): Understanding {
  let greeted = false;
  const intents: Intent[] = [];
  for (const clause of splitClauses(text.slice(0, 4_000))) {
    if (GREETING.test(clause)) {
      greeted = true;
      continue;
    }
    // "great, thanks!" before unwrapping takes the trailing thanks off.
    if (THANKS.test(clause.trim())) {
      intents.push({ kind: 'thanks' });
      continue;
    }
    const unwrapped = unwrap(clause);
    greeted ||= unwrapped.greeted;
    if (unwrapped.text === '' || unwrapped.text === '?') continue;
    intents.push(classify(unwrapped.text));
  }
  if (intents.length === 0 && greeted) intents.push({ kind: 'greet' });
  return { greeted, intents };
}

// --- Words ----------------------------------------------------------------------------------------

const ARTICLES = /^(?:the|a|an|my|our|your|this|that|these|those|its)\s+/i;
const END = String.raw`\s*\??$`;
/** File names everyone knows without an extension. */
const KNOWN_FILES =
  /^(?:readme|todo|todos|license|licence|changelog|contributing|agents|makefile|dockerfile|package\.json|tsconfig)$/i;
const EXTENSIONS: Record<string, string> = {
  markdown: 'md',
  md: 'md',
  typescript: 'ts',
  ts: 'ts',
  javascript: 'js',
  js: 'js',
  json: 'json',
  text: 'txt',
  txt: 'txt',
  python: 'py',
  css: 'css',
  html: 'html',
  yaml: 'yaml',
};

function stripArticles(text: string): string {
  let out = text.trim();
  while (ARTICLES.test(out)) out = out.replace(ARTICLES, '');
  return out;
}

function isFileName(word: string): boolean {
  return /^[\w@+-][\w.@+-]*\.[A-Za-z0-9]{1,10}$/.test(word) || KNOWN_FILES.test(word);
}

function clean(text: string): string {
  return text
    .replace(/^["'`]+|["'`]+$/g, '')
    .replace(/[,;:!?]+$/, '')
    .replace(/\.+$/, (dots) => (dots.length > 1 ? dots : ''))
    .trim();
}

function absolute(path: string): string {
  const p = clean(path);
  return p.startsWith('/') ? p : `/${p}`;
}

const WORKSPACE =
  /^(?:(?:the\s+)?(?:whole\s+|entire\s+|current\s+)?(?:workspace|root|project|file\s*system|files|everything|all|top\s+level|top-level|current\s+(?:folder|directory)|playground|vfs)(?:\s+(?:folder|directory|dir|root|files|contents))?|\/|here|there)$/i;

/** A folder named in a list request, as an absolute path; undefined when it is not one. */
function folderOf(raw: string | undefined): string | undefined {
  let text = clean(raw ?? '')
    .replace(/^(?:in|inside|under|within|of|at|from|on)\s+/i, '')
    .trim();
  text = stripArticles(text);
  if (text === '' || WORKSPACE.test(text)) return '/';
  if (text.startsWith('/')) return /\s/.test(text) ? undefined : text;
  text = text
    .replace(/\s+(?:folder|directory|dir|files|contents)$/i, '')
    .replace(/^(?:folder|directory|dir)\s+/i, '')
    .trim();
  if (/^(?:memory|memories|memory\s+files?)$/i.test(text)) return '/memories';
  if (/^[\w.@+-]+(?:\/[\w.@+-]+)*\/?$/.test(text) && !isFileName(text)) return `/${text}`;
  return undefined;
}

interface FileTarget {
  path?: string;
  name?: string;
  mine: boolean;
}

/** The file a read request names: a path, or a bare name ("todo.md", "the README", "todo list"). */
function fileTarget(raw: string): FileTarget | undefined {
  const text = clean(raw);
  const mine = /^(?:my|our)\b/i.test(text);
  let rest = stripArticles(text)
    .replace(/^(?:contents?\s+of\s+|file\s+)/i, '')
    .replace(/\s+(?:file|document|doc|page|contents?)$/i, '');
  rest = stripArticles(rest);
  if (/^(?:memory|memories|memory\s+file)$/i.test(rest) && mine)
    return { path: '/memories/AGENTS.md', mine };
  if (/^(?:project\s+)(?:memory|agents\.md|agents)$/i.test(rest))
    return { path: '/AGENTS.md', mine };
  if (rest.includes('/') && !/\s/.test(rest)) return { path: absolute(rest), mine };
  const words = rest.split(/\s+/).filter(Boolean);
  // "todo list", "weather notes": the telling word is the first that is not generic.
  const telling = words.filter((w) => !/^(?:list|notes?|file|doc|document|page)$/i.test(w));
  if (words.length === 1) return { name: words[0]!, mine };
  if (telling.length === 1 && words.length <= 3) return { name: telling[0]!, mine };
  return undefined;
}

// --- Patterns -------------------------------------------------------------------------------------

const HELP = new RegExp(
  String.raw`^(?:help(?:\s+me)?|\?|h|commands|menu|options|usage|capabilities|` +
    String.raw`what\s+(?:can|could|should)\s+(?:you|I)\s+(?:do|say|ask|try|type|use\s+you\s+for)(?:\s+(?:here|with\s+you|you|now|for\s+me))*|` +
    String.raw`what\s+(?:do|else\s+can)\s+you\s+do|what\s+are\s+you\s+(?:able\s+to\s+do|capable\s+of|good\s+for|for)|` +
    String.raw`what\s+(?:commands|requests|things)\s+(?:do\s+you|can\s+you|can\s+I)\s+\w+|` +
    String.raw`how\s+do\s+(?:I|you)\s+(?:use|work)(?:\s+(?:you|this|it|the\s+demo|this\s+app|this\s+thing))?|` +
    String.raw`how\s+does\s+(?:this|the\s+demo|this\s+app|it)\s+work|what\s+should\s+I\s+(?:try|do|ask|say|type)|` +
    String.raw`(?:show|give)\s+(?:me\s+)?(?:the\s+)?(?:help|commands|options)|what\s+is\s+this(?:\s+app|\s+thing)?|` +
    String.raw`what\s+(?:can|does)\s+(?:this|the)\s+(?:demo|app|thing|tool|playground|script|bot)\s+do|where\s+do\s+I\s+start|getting\s+started|how\s+to\s+start|what\s+now|what\s+next)${END}`,
  'i',
);
const IDENTITY = new RegExp(
  String.raw`^(?:who|what)\s+are\s+you|are\s+you\s+(?:an?\s+)?(?:ai|bot|robot|human|real|person|llm|gpt|chatgpt|claude|language\s+model|model|script)|what\s+(?:model|llm)\s+(?:are\s+you|is\s+this)|which\s+model\s+(?:are\s+you|is\s+this)|is\s+this\s+(?:an?\s+)?(?:ai|llm|real\s+model)`,
  'i',
);
const THANKS =
  /^(?:(?:great|perfect|awesome|ok(?:ay)?|cool|nice)[,!\s]+)?(?:thanks|thank\s+you|thx|ty|cheers|much\s+appreciated|appreciate\s+it|many\s+thanks|merci|danke|gracias)(?:\s+(?:a\s+lot|so\s+much|very\s+much|again|demo|bot|for\s+.*))*[\s!.]*$/i;
const ACK =
  /^(?:ok(?:ay)?|k|cool|great|nice|perfect|awesome|got\s+it|good|sounds\s+good|alright|all\s+right|sure|fine|wow|neat|excellent|understood|I\s+see|makes\s+sense|yes|yep|yeah|no|nope|lol|haha)[\s!.]*$/i;
const BYE =
  /^(?:bye|goodbye|good\s+bye|bye\s+bye|see\s+you(?:\s+later|\s+soon|\s+tomorrow)?|see\s+ya|later|good\s*night|ciao|cya|talk\s+(?:to\s+you\s+)?later)[\s!.]*$/i;

const REMEMBER_VERB = String.raw`(?:remember|memori[sz]e|note(?:\s+down)?|take\s+(?:a\s+)?note(?:\s+of)?|make\s+(?:a\s+)?note(?:\s+of)?|jot\s+down|write\s+down|keep\s+in\s+mind|bear\s+in\s+mind|do\s+not\s+forget|never\s+forget|(?:save|store|add|put|write|record|keep)\s+(?:this|that|it)?\s*(?:to|in|into|on)\s+(?:your\s+|the\s+|my\s+)?(?:memory|memories|agents\.md|memory\s+file|notes)|for\s+(?:future\s+)?reference|for\s+the\s+record|for\s+later|save\s+(?:this|that)|store\s+(?:this|that))`;
const REMEMBER = new RegExp(
  String.raw`^${REMEMBER_VERB}\b[\s,:;-]*(?:(?:that|this|it|the\s+following)\s*[:,-]\s*(?=\S)|that\b(?!\s*[.!?]*$)\s*)?([\s\S]*)$`,
  'i',
);
const REMEMBER_AFTER = new RegExp(
  String.raw`^([\s\S]+?)[\s,;-]+(?:please\s+)?(?:remember|note|keep\s+in\s+mind|save|store)\s+(?:that|this|it)(?:\s+for\s+(?:later|the\s+future))?$`,
  'i',
);
/** Content that points back instead of stating something: "that", "this for later", "it". */
const BACK_REFERENCE =
  /^(?:that|this|it|these|those|all\s+(?:that|this|of\s+that|of\s+this)|what\s+I\s+(?:just\s+)?said|everything|the\s+above)?(?:\s+(?:for\s+(?:later|the\s+future|next\s+time|me)|too|as\s+well|please|forever|always|going\s+forward))*[\s.!?]*$/i;
const WH = /^(?:what|who|whom|whose|where|when|why|how|which|whether|if|do|does|did|is|are|am)\b/i;

const FORGET =
  /^(?:forget|unlearn|(?:delete|remove|erase|drop|clear)\s+(?:.+?\s+)?(?:from\s+(?:your\s+|the\s+|my\s+)?(?:memory|memories|agents\.md))|(?:delete|remove|erase|clear)\s+(?:my|your|the)\s+memor(?:y|ies))\b\s*(?:that\s+|about\s+)?([\s\S]*)$/i;

const ABOUT_ME = new RegExp(
  String.raw`^(?:` +
    [
      String.raw`(?:what|everything|anything|all)\s+(?:else\s+)?(?:do|did|have|can)\s+you\s+(?:know|remember|recall|learn(?:ed|t)?|saved?|stored?|have|kept|got)(?:\s+(?:about|on|of)\s+(?:me|myself|the\s+user|us))?(?:\s+so\s+far)?`,
      String.raw`(?:summari[sz]e|list|recap|describe|show(?:\s+me)?|tell\s+me|give\s+me|repeat)\s+(?:what|everything|all(?:\s+that)?)\s+(?:you\s+)?(?:know|remember|recall|learned|saved|stored|have)(?:\s+(?:about|on|of)\s+(?:me|myself))?(?:\s+so\s+far)?`,
      String.raw`(?:summari[sz]e|list|recap|describe|show(?:\s+me)?|tell\s+me(?:\s+about)?|give\s+me|read(?:\s+me)?|what\s+is\s+in|what\s+are|check)\s+(?:all\s+)?(?:your|my|the)\s+(?:memory|memories|saved\s+facts|facts|notes\s+about\s+me|profile|preferences|user\s+profile)(?:\s+(?:about|of|on)\s+me)?`,
      String.raw`(?:do\s+you\s+(?:know|remember)\s+(?:anything|something|much)\s+about\s+me)`,
      String.raw`(?:tell\s+me\s+about\s+(?:me|myself))|(?:who\s+am\s+I)|(?:what\s+(?:have|did)\s+I\s+(?:told|tell|said|say)\s+(?:to\s+)?you(?:\s+about\s+(?:me|myself))?)`,
      String.raw`(?:what\s+do\s+you\s+have\s+on\s+me)|(?:what\s+is\s+in\s+(?:your|my)\s+(?:memory|head|memory\s+file))|(?:what\s+are\s+my\s+preferences)|(?:my\s+(?:preferences|profile|memory|memories))`,
      String.raw`(?:what\s+is\s+saved(?:\s+about\s+me)?)|(?:what\s+is\s+stored(?:\s+about\s+me)?)|(?:what\s+do\s+you\s+know)`,
    ].join('|') +
    String.raw`)${END}`,
  'i',
);
/** "Could you give me a summary of what you remember about me?" and the like. */
const ABOUT_ME_LOOSE =
  /\b(?:you|your)\b.*\b(?:know|remember|recall|saved?|stored?|learn(?:ed|t)?|memory|memories|have)\b.*\babout\s+(?:me|myself)$/i;
const ASKS_NAME =
  /(?:\bmy\s+name\b|\bwho\s+I\s+am\b|\bwhat\s+(?:do|did|should)\s+you\s+call\s+me\b|\bwhat\s+I\s+am\s+called\b|\bname\s+did\s+I\b|\bam\s+I\s+called\b)/i;

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
const TOPIC_WORD = String.raw`(compaction|offload(?:ing)?|truncation|summari[sz]ation|(?:context\s+)?strateg(?:y|ies)|fact\s+memory|facts?\s+panel|memory\.json|facts|agents\.md|(?:your\s+|the\s+|agent\s+)?memory)`;
const EXPLAIN = new RegExp(
  String.raw`^(?:what\s+(?:is|are|does)|explain|describe|tell\s+me\s+(?:about|more\s+about)|how\s+(?:does|do|is)|why|what\s+about|teach\s+me\s+about|help\s+me\s+understand)\s+(?:the\s+|a\s+|an\s+)?(?:context\s+)?${TOPIC_WORD}(?:\s+(?:work|works|mean|means|do|for|used\s+for|here|in\s+this\s+app))*${END}`,
  'i',
);
const STRATEGIES = new RegExp(
  String.raw`^(?:(?:compare|list|show(?:\s+me)?|explain|describe|what\s+are)\s+(?:the\s+|all\s+|your\s+)?(?:context\s+)?(?:memory\s+)?strateg(?:y|ies)|(?:context\s+)?strategies|arena|(?:open\s+)?the\s+arena|which\s+(?:context\s+)?strategy\s+(?:should\s+I\s+(?:use|pick|choose)|is\s+best))${END}`,
  'i',
);
const FACT_MEMORY = /^(?:show\s+me\s+|try\s+|demo\s+)?(?:the\s+)?fact\s+memory(?:\s+demo)?\??$/i;
const SUMMARIZE_CONVERSATION =
  /^(?:summari[sz]e|recap|sum\s+up)\s+(?:this|our|the)\s+(?:conversation|chat|thread|discussion|session)(?:\s+so\s+far)?\??$|^(?:give\s+me\s+|write\s+)?a\s+(?:summary|recap)\s+of\s+(?:this|our|the)\s+(?:conversation|chat|thread|discussion|session)(?:\s+so\s+far)?\??$/i;

const LIST_NOUNS = String.raw`(?:files?|documents?|docs|contents?|entries|folders?|directories|directory|things|stuff|everything)`;
const LIST_PATTERNS: RegExp[] = [
  /^(?:ls|dir|tree|ll)(?:\s+-\w+)*(?:\s+(\S+))?$/i,
  new RegExp(
    String.raw`^(?:list|show|display|view|see|browse|give\s+me|get|print|tell\s+me|what\s+are|enumerate)(?:\s+me)?\s+(?:(?:all|the|my|your|every|of|our)\s+)*${LIST_NOUNS}(?:\s+(?:that\s+)?(?:are|is|there|you\s+have|I\s+have|we\s+have|exist|available|you\s+can\s+see|you\s+see))*(?:\s+(?:(?:in|under|inside|within|of|at|from|on)\s+)?(.+?))?${END}`,
    'i',
  ),
  /^list(?:\s+(?:the\s+)?(?:contents?\s+of\s+)?(.+?))?\s*\??$/i,
  new RegExp(
    String.raw`^(?:what|which)\s+${LIST_NOUNS}\s+(?:are|is|do|does|exist|have|can)\b(?:\s+(?:there|you\s+have|I\s+have|we\s+have|you\s+see|you\s+got|exist|available))*(?:\s+(?:in|under|inside|within|on)\s+(.+?))?${END}`,
    'i',
  ),
  new RegExp(
    String.raw`^(?:what\s+is|what\s+are|what\s+do\s+(?:we|I|you)\s+have|anything|is\s+there\s+anything)\s+(?:in|inside|under|within)\s+(.+?)${END}`,
    'i',
  ),
  new RegExp(
    String.raw`^(?:show|display|view|open|browse|list)(?:\s+me)?\s+(?:the\s+)?(?:contents?\s+of\s+)?(?:the\s+)?(.+?\s+(?:folder|directory|dir)|\/[\w.@+/-]*\/)${END}`,
    'i',
  ),
  new RegExp(String.raw`^(?:look|peek)\s+(?:in|inside|into)\s+(.+?)${END}`, 'i'),
];
const READ_VERB = String.raw`(?:open|read|cat|view|display|print|show|see|look\s+at|check|load|bring\s+up|pull\s+up|get|fetch|give\s+me|dump|type|preview|inspect|go\s+to)`;
const READ = new RegExp(
  String.raw`^(?:${READ_VERB})(?:\s+(?:me|us))?(?:\s+(?:out|up))?\s+(?:what\s+is\s+in\s+|what\s+(.+?)\s+says\s*$|the\s+contents?\s+of\s+|contents?\s+of\s+|inside\s+)?(.+?)${END}`,
  'i',
);
const WHAT_SAYS = /^what\s+(?:does|is)\s+(.+?)\s+(?:say|contain|about|in\s+it)\s*\??$/i;
const SUMMARIZE_FILE = /^(?:summari[sz]e|recap|tl;?dr|sum\s+up)\s+(.+?)\s*\??$/i;
const SEARCH_PATTERNS: RegExp[] = [
  /^(?:search|grep|look)(?:\s+(?:(?:through|in|across)\s+)?(?:the\s+|my\s+|your\s+)?(files|workspace|notes|memory|memories)(?=\s+for\b))?(?:\s+for)?\s+(.+?)(?:\s+(?:in|under|inside)\s+(\S+))?$/i,
  /^(?:find|show(?:\s+me)?|list|which|what|search\s+for)\s+(?:all\s+)?(?:the\s+)?(?:files?|lines?|places?|mentions?|occurrences?)\s+(?:that\s+|which\s+)?(?:contain(?:s|ing)?|mention(?:s|ing)?|with|about|referencing|references?|say(?:s|ing)?|has|have|having|include|including|use|using)\s+(?:the\s+(?:word|text|string)\s+)?(.+?)\s*\??$/i,
  /^where\s+(?:is|are|do\s+I|does\s+it|is\s+there)\s+(?:the\s+(?:word|text)\s+)?(.+?)\s+(?:mentioned|used|defined|written|said|referenced|configured|set)\s*\??$/i,
  /^(?:which|what)\s+files?\s+(?:mention|contain|reference|use|talk\s+about|say)s?\s+(.+?)\s*\??$/i,
];
const GLOB_TYPED = new RegExp(
  String.raw`^(?:find|glob|list|show(?:\s+me)?|get|which\s+are\s+the|what\s+are\s+the)\s+(?:all\s+)?(?:the\s+|my\s+)?(${Object.keys(EXTENSIONS).join('|')})\s+files(?:\s+(?:are\s+there|there\s+are|do\s+I\s+have))?(?:\s+(?:in|under)\s+(\S+))?\s*\??$`,
  'i',
);
const GLOB_PATTERN =
  /^(?:glob|find|list|show(?:\s+me)?|search\s+for)\s+(?:all\s+)?(?:files\s+)?(?:matching\s+|named\s+|like\s+)?["'`]?(\S*[*?[{]\S*?)["'`]?(?:\s+(?:in|under)\s+(\S+))?\s*$/i;
const LOCATE =
  /^(?:find|locate|search\s+for|where\s+is|where\s+are|where\s+can\s+I\s+find|where\s+do\s+I\s+find|look\s+for)\s+(?:the\s+|my\s+|a\s+)?(?:file\s+)?(?:called\s+|named\s+)?(.+?)(?:\s+file)?\s*\??$/i;

const QUESTION_START =
  /^(?:what|who|whom|whose|where|when|why|how|which|(?:do|does|did|is|are|am|can|could|should|would|will|have|has|was|were)(?!\s+not\b)|tell\s+me\s+(?:about|what|where|who|when|how|which|whether|if)|describe)\b/i;

/** Nouns after "my" that describe the person: "my favourite colour is blue", "my timezone is CET". */
const PROFILE_NOUNS =
  /^my\s+(?:(?:favou?rite|preferred|usual|go-to|native|first|main|primary|home|current|daily|work|personal|email|wife's|husband's|partner's|dog's|cat's|son's|daughter's|kids'|manager's|boss's|team's)\s+)*(?:name|names|nickname|colou?r|food|drink|language|languages|editor|ide|os|operating\s+system|shell|font|framework|stack|tool|tools|timezone|time\s+zone|birthday|birth\s*date|pronouns|role|job|title|job\s+title|position|team|company|employer|city|town|hometown|country|address|email|phone|number|age|diet|allergy|allergies|partner|wife|husband|dog|cat|pet|pets|kids|children|son|daughter|hobby|hobbies|music|band|book|movie|film|sport|team|coffee|tea|style|format|units|keyboard|layout|browser|laptop|computer|machine|setup|project|projects|goal|goals|manager|boss|deadline|school|university|major|degree|field|specialty|expertise|level|background|location|home|office)\s+(?:is|are|was|were)\b/i;
/** Lasting statements about oneself: saved without being asked to remember them. */
const LASTING_SELF = new RegExp(
  String.raw`^(?:` +
    [
      String.raw`my\s+name\s+is|call\s+me|you\s+can\s+call\s+me|I\s+go\s+by|I\s+am\s+called`,
      String.raw`I\s+(?:(?:always|usually|generally|normally|mostly|really|strongly|much|definitely|also|only|never|typically|tend\s+to|rather)\s+)*(?:prefer|like|love|enjoy|hate|dislike|detest|adore|want|need|use|work|live|speak|drink|eat|study|code|program|write|teach|own|read|avoid|follow|run|play|wear|commute|drive|cook|sleep|wake)\b`,
      String.raw`I\s+would\s+(?:like|prefer|rather|love)\b|I\s+would\s+rather\b`,
      String.raw`I\s+(?:do|can|could)\s+not\s+(?:like|eat|drink|stand|use|tolerate|have|read|see|hear|speak|work)\b|I\s+cannot\s+(?:eat|drink|stand|use|tolerate|have|read|see|hear|speak|work)\b`,
      String.raw`I\s+am\s+(?:(?:also|really|very|quite|severely|mildly|a\s+bit|currently|still|now)\s+)*(?:allergic|intolerant|sensitive|vegetarian|vegan|pescatarian|diabetic|celiac|coeliac|lactose|gluten|kosher|halal|left-handed|right-handed|colou?r[\s-]?blind|deaf|blind|dyslexic|married|single|divorced|retired|pregnant|from|based|located|learning|studying|working|employed|a|an|\d+|into|fluent|native|new\s+to|a\s+fan|not\s+a\s+fan|responsible|in\s+charge|the\s+(?:only|lead|owner|founder|manager|maintainer))\b`,
      String.raw`I\s+(?:have|own)\s+(?:a|an|two|three|four|five|\d+|no)\s+(?!question|problem|issue|idea|minute|moment|second|doubt|request|favou?r)`,
      String.raw`I\s+was\s+born\b|I\s+grew\s+up\b|I\s+moved\s+to\b`,
      String.raw`from\s+now\s+on\b|always\b|never\b|please\s+(?:always|never)\b|do\s+not\s+(?:ever\s+)?(?:use|add|include|write|give|send|reply|answer|respond|show|call|mention|suggest|recommend)\b`,
      String.raw`I\s+(?:want|would\s+like|need)\s+you\s+to\b`,
      String.raw`.+\s(?:from\s+now\s+on|going\s+forward|from\s+here\s+on|in\s+(?:the\s+)?future)[\s.!]*$`,
    ].join('|') +
    String.raw`)`,
  'i',
);
const SELF = /^(?:I|my)\b/i;
/** A clause that says something (a verb of being, having or doing), not just a phrase. */
const DECLARATIVE =
  /\b(?:is|are|was|were|has|have|had|will|can|lives?|works?|likes?|uses?|called|named|means|starts?|ends?|runs?|belongs?|costs?|needs?|wants?|prefers?|takes?|goes|happens?|opens?|closes?)\b/i;
const IMPERATIVE =
  /^(?:write|compose|draft|create|generate|make|draw|paint|sing|translate|explain|summari[sz]e|rewrite|fix|debug|implement|code|build|design|plan|book|order|buy|send|email|calculate|compute|solve|give\s+me|find\s+me|recommend|suggest|convert|refactor|optimi[sz]e|review|analy[sz]e|play|predict|guess|teach\s+me|update|change|edit|delete|remove|rename|move|copy|install|deploy|test|run|google|browse|look\s+up|set|schedule|remind)\b/i;
const TASK_VERBS =
  /^(?:write|compose|draft|create|generate|make|draw|paint|sing|translate|explain|summari[sz]e|rewrite|fix|debug|implement|code|build|design|plan|book|order|buy|send|email|call|calculate|compute|solve|tell\s+me|give\s+me|find\s+me|recommend|suggest|convert|refactor|optimi[sz]e|review|analy[sz]e|play|predict|guess|help\s+me\s+with|teach\s+me|check|update|change|edit|delete|remove|rename|move|copy|install|deploy|test|run|open|search|google|browse|look\s+up|set|schedule|remind|what|who|where|when|why|how)\b/i;

// --- Classification -------------------------------------------------------------------------------

/** One clause (already unwrapped) as an intent. */
export function classify(text: string): Intent {
  const bare = text.replace(/\?$/, '').trim();
  // "write me a poem?" is still a request; "the README?" a question.
  const question = QUESTION_START.test(bare) || (text.endsWith('?') && !IMPERATIVE.test(bare));

  if (HELP.test(text)) return { kind: 'help' };
  if (GREETING.test(bare)) return { kind: 'greet' };
  if (THANKS.test(bare)) return { kind: 'thanks' };
  if (BYE.test(bare)) return { kind: 'bye' };
  if (ACK.test(bare)) return { kind: 'ack' };
  if (IDENTITY.test(bare)) return { kind: 'identity' };

  const remember = rememberIntent(bare);
  if (remember) return remember;

  const forget = FORGET.exec(bare);
  if (forget) return { kind: 'forget', what: clean(forget[1] ?? '') };

  if (
    ASKS_NAME.test(bare) &&
    (question || /^(?:tell|say|give)\b/i.test(bare)) &&
    !/\bmy\s+name\s+is\s+\S/i.test(bare)
  )
    return { kind: 'ask-name' };
  if (ABOUT_ME.test(text) || ABOUT_ME_LOOSE.test(bare)) return { kind: 'ask-about-me' };

  const topic = topicIntent(bare);
  if (topic) return topic;

  const file = fileIntent(bare);
  if (file) return file;

  if (SUMMARIZE_CONVERSATION.test(text)) return { kind: 'summarize-conversation' };
  const summarizeFile = SUMMARIZE_FILE.exec(bare);
  if (summarizeFile) {
    const target = fileTarget(summarizeFile[1] ?? '');
    const note =
      "I can't summarise: I'm a fixed script, not a language model. Here is the start of the file instead.";
    if (target?.path) return { kind: 'read', path: target.path, note };
    if (target?.name && (isFileName(target.name) || KNOWN_FILES.test(target.name)))
      return { kind: 'open', name: target.name, mine: target.mine, note };
  }

  // Standing rules and facts about oneself, even when phrased with a question mark ("can you
  // always answer in French?" was unwrapped to "always answer in French?").
  if (
    LASTING_SELF.test(bare) &&
    !/^(?:do|does|did|am|is|are|can|could|would|will)\s+(?!not\b)/i.test(bare)
  )
    return { kind: 'statement', fact: thirdPerson(bare), said: bare, lasting: true };
  // "I'm Marco": a capitalised word alone after "I am" is a name.
  const named = /^I am ([A-Z][\p{L}'-]+)$/u.exec(bare);
  if (named?.[1] && !NOT_NAMES.test(named[1]))
    return { kind: 'statement', fact: thirdPerson(bare), said: bare, lasting: true };
  if (PROFILE_NOUNS.test(bare) && !question)
    return { kind: 'statement', fact: thirdPerson(bare), said: bare, lasting: true };

  if (question) return { kind: 'ask', question: text };

  if (
    SELF.test(bare) ||
    (DECLARATIVE.test(bare) && !TASK_VERBS.test(bare) && bare.split(' ').length >= 3)
  )
    return { kind: 'statement', fact: thirdPerson(bare), said: bare, lasting: false };

  return {
    kind: 'unsupported',
    said: bare,
    ...(TASK_VERBS.test(bare) ? { task: taskPhrase(bare) } : {}),
  };
}

function rememberIntent(text: string): Intent | undefined {
  const after = REMEMBER_AFTER.exec(text);
  if (after?.[1] && !WH.test(after[1])) return { kind: 'remember', facts: factsIn(after[1]) };
  const match = REMEMBER.exec(text);
  if (!match) return undefined;
  const content = (match[1] ?? '').trim();
  // "Can you remember what my name is?" asks; it does not tell.
  if (WH.test(content) && !/^(?:that|this|it)\b/i.test(content)) return undefined;
  if (BACK_REFERENCE.test(content)) return { kind: 'remember-back' };
  // "remember my name" (a bare noun phrase): what was said about it, before.
  if (/^(?:my|the)\s+\w+(?:\s+\w+)?$/i.test(content) && !/\b(?:is|are)\b/i.test(content))
    return { kind: 'remember-back' };
  return { kind: 'remember', facts: factsIn(content) };
}

/** The facts in the content of a remember request, each in the third person. */
function factsIn(content: string): string[] {
  const facts: string[] = [];
  for (const clause of splitClauses(content)) {
    const bare = unwrap(clause).text.replace(/\?$/, '');
    if (bare === '' || BACK_REFERENCE.test(bare)) continue;
    const fact = thirdPerson(bare);
    if (fact) facts.push(fact);
  }
  return facts;
}

function topicIntent(text: string): Intent | undefined {
  if (TOUR.test(text)) return { kind: 'tour' };
  if (OFFLOAD_DEMO.test(text)) return { kind: 'big-computation' };
  const long = LONG_FILE.exec(text);
  if (long) return long[1] ? { kind: 'long-file', path: long[1] } : { kind: 'long-file' };
  if (STRATEGIES.test(text)) return { kind: 'explain', topic: 'strategies' };
  if (FACT_MEMORY.test(text)) return { kind: 'explain', topic: 'fact-memory' };
  if (SMALL_TALK.test(text)) return { kind: 'small-talk' };
  const explain = EXPLAIN.exec(text);
  if (explain?.[1]) {
    const word = explain[1].toLowerCase();
    if (/strateg/.test(word)) return { kind: 'explain', topic: 'strategies' };
    if (/offload/.test(word)) return { kind: 'explain', topic: 'offload' };
    if (/fact|memory\.json/.test(word)) return { kind: 'explain', topic: 'fact-memory' };
    if (/memory|agents/.test(word)) return { kind: 'explain', topic: 'memory' };
    return { kind: 'explain', topic: 'compaction' };
  }
  // Any other question about a mechanism ("which strategy is best for long chats?").
  if (QUESTION_START.test(text) || text.endsWith('?')) {
    if (/\bstrateg(?:y|ies)\b/i.test(text)) return { kind: 'explain', topic: 'strategies' };
    if (/\boffload(?:ing|ed)?\b/i.test(text)) return { kind: 'explain', topic: 'offload' };
    if (/\b(?:compaction|truncation|summari[sz]ation|context\s+window)\b/i.test(text))
      return { kind: 'explain', topic: 'compaction' };
    if (/\bfact\s+memory\b|\bmemory\.json\b/i.test(text))
      return { kind: 'explain', topic: 'fact-memory' };
  }
  return undefined;
}

const SMALL_TALK =
  /^(?:how\s+are\s+you(?:\s+doing)?(?:\s+today)?|how\s+is\s+it\s+going|how\s+are\s+things|what\s+is\s+up|sup|how\s+do\s+you\s+do|are\s+you\s+(?:ok|okay|there|alive|awake))\s*\??$/i;

function fileIntent(text: string): Intent | undefined {
  const typed = GLOB_TYPED.exec(text);
  if (typed?.[1]) {
    const ext = EXTENSIONS[typed[1].toLowerCase()] ?? typed[1];
    return {
      kind: 'glob',
      pattern: `**/*.${ext}`,
      ...(typed[2] ? { path: absolute(typed[2]) } : {}),
    };
  }
  const glob = GLOB_PATTERN.exec(text);
  if (glob?.[1])
    return { kind: 'glob', pattern: glob[1], ...(glob[2] ? { path: absolute(glob[2]) } : {}) };

  for (const pattern of SEARCH_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const groups = match.slice(1);
    // The first pattern carries a scope word and an "in PATH" tail around the search text.
    const [scope, raw, path] = groups.length === 3 ? groups : [undefined, groups[0], undefined];
    const wanted = unquote(raw ?? '');
    // "search for todo.md" looks for a file, not for text.
    if (wanted === '' || (groups.length === 3 && /\.[A-Za-z0-9]{1,10}$/.test(wanted))) continue;
    const where = path ? absolute(path) : /^memor/i.test(scope ?? '') ? '/memories/' : undefined;
    return { kind: 'search', pattern: wanted, ...(where ? { path: where } : {}) };
  }

  for (const pattern of LIST_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const target = match[1];
    const folder = folderOf(target);
    if (folder) return { kind: 'list', path: folder };
    // "what's in todo.md": a file, not a folder.
    const file = target ? fileTarget(target) : undefined;
    if (file?.path) return { kind: 'read', path: file.path };
    if (file?.name && isFileName(file.name))
      return { kind: 'open', name: file.name, mine: file.mine };
  }

  const says = WHAT_SAYS.exec(text);
  if (says?.[1]) {
    const file = fileTarget(says[1]);
    if (file?.path) return { kind: 'read', path: file.path };
    if (file?.name && isFileName(file.name))
      return { kind: 'open', name: file.name, mine: file.mine };
  }

  const read = READ.exec(text);
  if (read) {
    const target = read[1] ?? read[2] ?? '';
    const verb = text.split(/\s+/)[0]?.toLowerCase() ?? '';
    const file = fileTarget(target);
    if (file?.path) {
      // "show me /notes": a folder when it has no extension and ends with a slash or is a top folder.
      if (
        /\/$/.test(file.path) ||
        (!/\.[A-Za-z0-9]{1,10}$/.test(file.path) && file.path.split('/').length === 2)
      )
        return { kind: 'list', path: file.path };
      return { kind: 'read', path: file.path };
    }
    // "open", "read" and "cat" always mean a file; "show", "view", "see" only with a file-like name.
    const strong = /^(?:open|read|cat|load|dump|preview|inspect)$/.test(verb);
    if (
      file?.name &&
      (strong || isFileName(file.name) || /\b(?:file|doc|document)\b/i.test(target))
    )
      return { kind: 'open', name: file.name, mine: file.mine };
  }

  const locate = LOCATE.exec(text);
  if (locate?.[1]) {
    const name = stripArticles(clean(locate[1]));
    if (isFileName(name)) return { kind: 'locate', name };
    if (/^find|^look\s+for/i.test(text) && name.split(/\s+/).length <= 4)
      return { kind: 'search', pattern: unquote(name) };
  }
  return undefined;
}

function unquote(text: string): string {
  const trimmed = text.trim();
  const quoted = /^(["'`])([\s\S]*)\1$/.exec(trimmed);
  if (quoted) return (quoted[2] ?? '').trim();
  return trimmed.replace(/[.!?]+$/, '').trim();
}

/** "write me a haiku about cats" → "write a haiku about cats", clipped. */
function taskPhrase(text: string): string {
  const phrase = text
    .replace(/\?$/, '')
    .replace(/^(\w+)\s+(?:me|us)\s+/i, '$1 ')
    .trim();
  const lower = `${phrase.charAt(0).toLowerCase()}${phrase.slice(1)}`;
  return lower.length > 60 ? `${lower.slice(0, 57).trimEnd()}…` : lower;
}

/** Whether the words look like a request to do something (for the unsupported answer's hint). */
export function mentionsFiles(text: string): boolean {
  return /\b(?:files?|folders?|directory|readme|notes|todo|workspace|\.md|\.ts|document)\b/i.test(
    normalise(text),
  );
}
