// What a message asks for: a labelled script over verbs and slots. Each clause of the message
// (language.ts splits them) is classified into one intent with its slots: remember (the fact in the
// third person), a question about the user, a file command with its path or bare file name, a
// demo of a mechanism, an explanation, a greeting, thanks, help, or a request the script cannot do.
// Deterministic: the same text always gives the same intents.

import {
  GREETING,
  NOT_NAMES,
  STANDING,
  normalise,
  splitClauses,
  thirdPerson,
  unwrap,
} from './language';

export type Topic =
  | 'compaction'
  | 'truncation'
  | 'offload'
  | 'strategies'
  | 'fact-memory'
  | 'memory'
  | 'arena'
  | 'token-chart'
  | 'inspector'
  | 'bundle';

export type Intent =
  | { kind: 'greet' }
  | { kind: 'thanks' }
  /** "that was helpful", "nice work". */
  | { kind: 'praise' }
  /** "that's wrong", "not what I asked". */
  | { kind: 'complaint' }
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
  /** "what did I tell you earlier?": memory plus the earlier messages the request carries. */
  | { kind: 'recall' }
  | { kind: 'ask'; question: string }
  | { kind: 'list'; path: string }
  /** A file by path (absolute), or by a bare name to look up first ("todo.md", "the README"). */
  | { kind: 'read'; path: string; note?: string }
  | { kind: 'open'; name: string; mine: boolean; note?: string }
  | { kind: 'locate'; name: string }
  /** Text in files: in a folder or file by `path`, or in the files called `name` ("the README"). */
  | { kind: 'search'; pattern: string; path?: string; name?: string }
  | { kind: 'glob'; pattern: string; path?: string }
  | { kind: 'tour' }
  | { kind: 'long-file'; path?: string }
  | { kind: 'big-computation' }
  | { kind: 'explain'; topic: Topic }
  | { kind: 'summarize-conversation' }
  /**
   * A request the script cannot do: `task` is its verb phrase when an echo of it reads well
   * ("write a haiku about cats"); `request` says it asks for something done (not just words).
   */
  | { kind: 'unsupported'; said: string; task?: string; request?: boolean };

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
  if (/^(?:memory|memories|memory\s+file)$/i.test(rest) && (mine || /\bfile\b/i.test(text)))
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
    String.raw`how\s+does\s+(?:this|the\s+demo|this\s+app|it)\s+work|what\s+should\s+I\s+(?:try|do|ask|say|type)(?:\s+(?:first|here|now|next|with\s+you))*|I\s+am\s+new\s+(?:here|to\s+(?:this|the\s+(?:app|demo|playground)))|(?:it\s+is\s+)?(?:my\s+)?first\s+time\s+here|` +
    String.raw`(?:show|give)\s+(?:me\s+)?(?:the\s+)?(?:help|commands|options)|what\s+is\s+this(?:\s+app|\s+thing)?|` +
    String.raw`what\s+(?:can|does)\s+(?:this|the)\s+(?:demo|app|thing|tool|playground|script|bot)\s+do|where\s+do\s+I\s+start|getting\s+started|how\s+to\s+start|what\s+now|what\s+next|` +
    // "what are you able to help with?", "how can you help me?", "what sorts of things can I ask?"
    String.raw`what\s+(?:are\s+you|is\s+(?:this|the\s+demo))\s+(?:able\s+to\s+(?:do|help(?:\s+(?:me\s+)?with)?)|capable\s+of|good\s+(?:at|for)|meant\s+(?:to\s+do|for)|used\s+for|here\s+for)|` +
    String.raw`what\s+(?:can|could)\s+you\s+help(?:\s+me)?(?:\s+with)?|how\s+(?:can|could|do|will)\s+you\s+help(?:\s+me)?|what\s+you\s+(?:can|could)\s+do|` +
    String.raw`(?:what|which)\s+(?:sorts?|kinds?|types?)\s+of\s+(?:things|stuff|requests|questions|commands|tasks|messages|help)\s+(?:can|could|do|should|may)\s+(?:I|you)\s+(?:ask|say|type|send|try|do|use|handle|understand|give|request)(?:\s+(?:you|here|for|of\s+you|with\s+you))*|` +
    String.raw`what\s+(?:do|can)\s+you\s+(?:understand|support|handle)|what\s+(?:are\s+)?(?:your|the\s+demo's)\s+(?:features|capabilities|commands|options|abilities|skills)|` +
    String.raw`(?:list|tell\s+me|show\s+me)\s+(?:your|the)\s+(?:commands|capabilities|features|options)|what\s+(?:can|could|may|should)\s+I\s+(?:ask|say\s+to|tell)(?:\s+you)?|how\s+does\s+this\s+(?:app|demo|thing|work)|how\s+do\s+I\s+(?:start|begin))${END}`,
  'i',
);
const IDENTITY = new RegExp(
  String.raw`^(?:who|what)\s+are\s+you|^(?:explain|introduce|describe)\s+yourself|^tell\s+me\s+(?:about|more\s+about)\s+yourself|are\s+you\s+(?:an?\s+)?(?:ai|bot|robot|human|real|person|llm|gpt|chatgpt|claude|language\s+model|model|script)|what\s+(?:model|llm)\s+(?:are\s+you|is\s+this)|which\s+model\s+(?:are\s+you|is\s+this)|is\s+this\s+(?:an?\s+)?(?:ai|llm|real\s+model)`,
  'i',
);
/** "that's all", "I'm done": nothing more to ask. */
const DONE = String.raw`(?:that\s+is\s+(?:all|it|everything)(?:\s+for\s+(?:now|today))?|that\s+will\s+be\s+all|I\s+am\s+(?:done|good|all\s+set|finished)(?:\s+for\s+(?:now|today))?|all\s+good|done\s+for\s+(?:now|today)|nothing\s+else)`;
const COMPLIMENT = String.raw`(?:(?:very|really|super|so|quite|most|extremely|incredibly)\s+)?(?:helpful|useful|great|perfect|awesome|nice|good|brilliant|lovely|amazing|clear|cool|excellent|fantastic|neat|handy|exactly\s+what\s+I\s+(?:needed|wanted))`;
const THANKS = new RegExp(
  String.raw`^(?:(?:great|perfect|awesome|ok(?:ay)?|cool|nice|brilliant|lovely|excellent|wonderful|fantastic|amazing|super|wow)[,!\s]+)?(?:thanks|thank\s+you|thankyou|thank\s+u|thx|thnx|ty|tysm|cheers|ta|much\s+appreciated|(?:I\s+)?appreciate\s+(?:it|that|this|the\s+help|your\s+help)|many\s+thanks|merci|danke|gracias|obrigad[oa])(?:\s+(?:a\s+(?:lot|bunch|ton|million)|so\s+much|very\s+much|heaps|loads|again|(?:for|4)\s+.*|mate|man|buddy|pal|friend|dude|bro|demo|bot|everyone|all|folks|kindly|very\s+kindly|x+))*(?:[\s,.!]+(?:(?:that|this|it)\s+(?:is|was|helps|helped)(?:\s+${COMPLIMENT})?|${DONE}))?[\s!.]*$`,
  'i',
);
/** A complaint about an answer: "that's wrong", "not what I asked for", "you're useless". */
const COMPLAINT =
  /^(?:(?:no|nope|ugh|hmm+)[,!.\s]+)?(?:(?:that|this|it)\s+(?:is|was)\s+(?:(?:all|completely|totally|just|so|still)\s+)?(?:wrong|not\s+(?:right|correct|it|what\s+I\s+(?:asked|meant|wanted)(?:\s+for)?)|incorrect|broken|useless|nonsense|rubbish|garbage)|you\s+(?:are|were|got\s+it)\s+(?:wrong|mistaken|useless|broken)|(?:that|this|it)\s+(?:did|does)\s+not\s+work|not\s+what\s+I\s+(?:asked|meant|wanted)(?:\s+for)?|wrong(?:\s+answer)?|you\s+misunderstood(?:\s+me)?)[\s!.]*$/i;
/** Praise for an answer: "that was really helpful", "nice work". */
const PRAISE = new RegExp(
  String.raw`^(?:(?:that|this|it)\s+(?:is|was|looks|sounds|helps|helped)(?:\s+${COMPLIMENT})?|${COMPLIMENT}|(?:good|great|nice|excellent)\s+(?:job|work|stuff|one)|well\s+done|you\s+(?:are|were)\s+(?:great|awesome|helpful|the\s+best|a\s+star))(?:[\s,]+(?:thanks|mate|demo|bot))?[\s!.]*$`,
  'i',
);
const ACK =
  /^(?:never\s*mind|nvm|forget\s+(?:it|about\s+it)|scratch\s+that|no\s+worries|no\s+problem|np|cancel(?:\s+that)?|ignore\s+(?:that|me)|ok(?:ay)?|k|cool|great|nice|perfect|awesome|got\s+it|good|sounds\s+good|alright|all\s+right|sure|fine|wow|neat|excellent|understood|I\s+see|makes\s+sense|yes|yep|yeah|no|nope|lol|haha)[\s!.]*$/i;
const BYE = new RegExp(
  String.raw`^(?:bye|goodbye|good\s+bye|bye\s+bye|see\s+you(?:\s+later|\s+soon|\s+tomorrow)?|see\s+ya|later|good\s*night|ciao|cya|talk\s+(?:to\s+you\s+)?later|${DONE})[\s!.]*$`,
  'i',
);

const REMEMBER_VERB = String.raw`(?:note\s+to\s+self|remember|memori[sz]e|note(?:\s+down)?|take\s+(?:a\s+)?note(?:\s+of)?|make\s+(?:a\s+)?note(?:\s+of)?|jot\s+down|write\s+down|(?:keep|bear|hold)\s+(?:(?:this|that|it)\s+)?in\s+mind|do\s+not\s+forget|never\s+forget|please\s+note|heads[\s-]up|(?:just\s+)?so\s+you\s+(?:know|are\s+aware)|(?:just\s+)?(?:fyi|for\s+your\s+information)|you\s+(?:should|need\s+to|ought\s+to|might\s+want\s+to)\s+know|I\s+(?:want|would\s+like|need)\s+you\s+to\s+know|(?:it\s+is\s+)?worth\s+(?:knowing|noting)|(?:save|store|add|put|write|record|keep)\s+(?:this|that|it)?\s*(?:to|in|into|on)\s+(?:your\s+|the\s+|my\s+)?(?:memory|memories|agents\.md|memory\s+file|notes)|for\s+(?:future\s+)?reference|for\s+the\s+record|for\s+later|save\s+(?:this|that)|store\s+(?:this|that))`;
const REMEMBER = new RegExp(
  String.raw`^${REMEMBER_VERB}\b[\s,:;-]*(?:(?:that|this|it|the\s+following)\s*[:,-]\s*(?=\S)|that\b(?!\s*[.!?]*$)\s*)?([\s\S]*)$`,
  'i',
);
/**
 * The ways of saying "remember this" that can stand after what is to be remembered, or alone:
 * "…, keep that in mind", "… - don't forget it", "…, for future reference", "… FYI".
 */
const MARKER = String.raw`(?:remember(?:\s+(?:that|this|it|these|those))?|memori[sz]e\s+(?:that|this|it)|(?:do\s+not|never)\s+forget(?:\s+(?:that|this|it|these|those))?|(?:keep|bear|hold)\s+(?:(?:that|this|it|these|those)\s+)?in\s+mind|(?:make|take)\s+(?:a\s+)?note(?:\s+of\s+(?:that|this|it))?|note\s+(?:that|this|it)(?:\s+down)?|(?:jot|write|note)\s+(?:that|this|it)\s+down|(?:save|store|record|log|keep)\s+(?:that|this|it)(?:\s+(?:to|in|into)\s+(?:your\s+|the\s+)?(?:memory|memories|notes|agents\.md|memory\s+file))?|please\s+note|heads[\s-]up|(?:just\s+)?so\s+you\s+(?:know|are\s+aware)|(?:just\s+)?(?:fyi|for\s+your\s+information)|for\s+(?:future\s+)?reference|for\s+the\s+record)`;
/** Words that may come before a marker: "and", "so", "please", "can you", "I want you to". */
const MARKER_LEAD = String.raw`(?:(?:and|so|but|please|pls|just|ok(?:ay)?|also|(?:can|could|would|will)\s+you(?:\s+please)?|I\s+(?:want|need|would\s+like)\s+you\s+to|make\s+sure\s+(?:you|to)|be\s+sure\s+to|try\s+to)\s+)*`;
/** Words that may come after one: "for later", "please", "too", "thanks". */
const MARKER_TAIL = String.raw`(?:\s+(?:for\s+(?:later|next\s+time|the\s+future|future\s+reference|me)|please|thanks|thank\s+you|too|as\s+well|ok(?:ay)?|going\s+forward|forever|always))*`;
const ONLY_MARKER = new RegExp(String.raw`^${MARKER_LEAD}${MARKER}${MARKER_TAIL}[\s.!]*$`, 'i');
const TAIL_MARKER = new RegExp(
  String.raw`^(.*?[^\s,;:.!-])(?:\s*[,;:.!-]+\s*|\s+)${MARKER_LEAD}${MARKER}${MARKER_TAIL}[\s.!]*$`,
  'i',
);
/** A clause that cannot end before a marker: "I can't remember that", "things to keep in mind". */
const DANGLING =
  /\b(?:to|you|I|we|they|he|she|not|never|can|cannot|could|should|would|will|must|might|may|shall|do|does|did|and|or|but|please|also|just|me|him|her|them|us|who|which|what|how|ever|always|hard|easy|try|want|need|forgot|forget)$/i;
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
      String.raw`(?:do\s+you\s+(?:know|remember|recall)\s+(?:anything|something|much)(?:\s+(?:about\s+me|at\s+all))?)`,
      String.raw`(?:tell\s+me\s+about\s+(?:me|myself))|(?:who\s+(?:am\s+I|I\s+am))|(?:what\s+(?:have|did)\s+I\s+(?:told|tell|said|say)\s+(?:to\s+)?you(?:\s+about\s+(?:me|myself))?)`,
      String.raw`(?:what\s+do\s+you\s+have\s+on\s+me)|(?:what\s+is\s+in\s+(?:your|my)\s+(?:memory|head|memory\s+file))|(?:what\s+are\s+my\s+preferences)|(?:my\s+(?:preferences|profile|memory|memories))`,
      String.raw`(?:what\s+is\s+saved(?:\s+about\s+me)?)|(?:what\s+is\s+stored(?:\s+about\s+me)?)|(?:what\s+do\s+you\s+know)`,
    ].join('|') +
    String.raw`)${END}`,
  'i',
);
/** "Could you give me a summary of what you remember about me?" and the like. */
const ABOUT_ME_LOOSE =
  /\b(?:you|your)\b.*\b(?:know|remember|recall|saved?|stored?|learn(?:ed|t)?|memory|memories|have|got|kept|keep|hold|held|noted|written|collected|gathered|picked\s+up)\b.*\b(?:about|on|of|regarding|concerning)\s+(?:me|myself)$/i;
/**
 * "What did I tell you earlier?", "remind me what I said", "recap what I've told you so far",
 * "what did we talk about?": memory, plus the earlier messages the request carries.
 */
const RECALL = new RegExp(
  String.raw`^(?:(?:recap|repeat|summari[sz]e|list|tell\s+me|give\s+me|show\s+me|go\s+over|go\s+through|run\s+through|remind\s+me\s+of)\s+)?(?:what|everything|anything|all(?:\s+that)?|the\s+things?|the\s+stuff)\s+(?:(?:did|have|had|do)\s+)?(?:I|we)\s+(?:have\s+|had\s+)?(?:already\s+|just\s+|previously\s+)?(?:told|tell|said|say|mentioned|mention|shared|share|written|wrote|write|asked|ask|talked\s+about|talk\s+about|discussed|discuss|covered|cover|gone\s+over|went\s+over|go\s+over)(?:\s+(?:to\s+)?you)?(?:\s+(?:about\s+(?:me|myself)|earlier|before|so\s+far|previously|already|today|yesterday|in\s+(?:this|our|the)\s+(?:chat|conversation|thread|session)|(?:a\s+)?(?:while|minute|moment|bit|few\s+minutes)\s+ago|last\s+time|until\s+now|up\s+to\s+now|here|just\s+now|again|first|initially|at\s+first|at\s+the\s+(?:start|beginning|outset)|in\s+the\s+beginning))*${END}`,
  'i',
);
const ASKS_NAME =
  /(?:\bmy\s+name\b|\bwhat\s+(?:do|did|should)\s+you\s+call\s+me\b|\bwhat\s+I\s+am\s+called\b|\bname\s+did\s+I\b|\bam\s+I\s+called\b)/i;

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
const SUMMARIZE_CONVERSATION =
  /^(?:summari[sz]e|recap|sum\s+up)\s+(?:this|our|the)\s+(?:conversation|chat|thread|discussion|session)(?:\s+so\s+far)?\??$|^(?:give\s+me\s+|write\s+)?a\s+(?:summary|recap)\s+of\s+(?:this|our|the)\s+(?:conversation|chat|thread|discussion|session)(?:\s+so\s+far)?\??$/i;
/** Any other request for a summary of this conversation ("what's the tl;dr of our chat?"). */
const SUMMARY_OF_CONVERSATION =
  /^(?!how\b|why\b)(?=.*\b(?:summary|summari[sz]e|recap|sum\s+up|tl;?dr|gist)\b).*\b(?:this|our|the)\s+(?:conversation|chat|thread|discussion|session)\b/i;

const LIST_NOUNS = String.raw`(?:(?:folder|file|directory|dir|project|workspace)\s+(?:structure|tree|layout|hierarchy|listing)|files?|documents?|docs|contents?|entries|folders?|directories|directory|things|stuff|everything)`;
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
/** What makes any request a listing: its object ("files", "the folder structure", "the directory"). */
const LISTING_OBJECT =
  /\b(?:(?:folder|file|directory|dir|project|workspace)\s+(?:structure|tree|layout|hierarchy|listing)|files|documents|docs|folders|directories|directory|folder|dirs|file\s*system|filesystem|workspace)\b/i;
/** …with a verb of seeing or a question form: "show me", "what", "which", "are there", "any". */
const LISTING_FORM =
  /^(?:(?:list|show|display|view|see|browse|print|give|get|enumerate|tell|scan|check|look\s+(?:at|through|in|inside)|ls|dir)\b|(?:what|which|how\s+many|are\s+there|is\s+there|do\s+(?:we|you|I)\s+have|have\s+(?:we|you|I)\s+got|does\s+(?:the|this|my|our)|where\s+are|any)\b)/i;
/** …and nothing that makes it a search or an edit. */
const NOT_LISTING =
  /\b(?:mention(?:s|ing)?|contain(?:s|ing)?|referenc(?:e|es|ing)|say(?:s|ing)?|named|called|matching|about|modified|changed|edit(?:ed)?|delete|remove|rename|create|write|upload|remember|know)\b/i;
/** Words around a listing's object that name no folder. */
const NOT_FOLDER =
  /^(?:the|a|an|my|our|your|this|that|whole|entire|current|any|some|all|every|its|of|in|which|what|project|workspace|root|top|file|files|folder|folders|directory|directories|documents|docs)$/i;

/** The folder a listing names ("in the notes folder", "of src", "the src directory"); '/' when none. */
function listingScope(text: string): string | undefined {
  const named = [
    ...text.matchAll(
      /\b(?:in|under|inside|within|of|at|from)\s+(?:(?:the|my|our|your)\s+)?([\w./@+-]+)(?:\s+(?:folder|directory|dir))?/gi,
    ),
    ...text.matchAll(/\b([\w./@+-]+)\s+(?:folder|directory|dir)\b/gi),
  ]
    .map((match) => match[1] ?? '')
    .filter((word) => word !== '' && !NOT_FOLDER.test(word));
  const word = named.at(-1);
  if (!word) return '/';
  if (isFileName(word)) return undefined;
  return folderOf(word) ?? '/';
}

const READ_VERB = String.raw`(?:open|read|cat|view|display|print|show|see|look\s+at|check|load|bring\s+up|pull\s+up|get|fetch|give\s+me|dump|type|preview|inspect|go\s+to)`;
const READ = new RegExp(
  String.raw`^(?:${READ_VERB})(?:\s+(?:me|us))?(?:\s+(?:out|up))?\s+(?:what\s+is\s+in\s+|what\s+(.+?)\s+says\s*$|the\s+contents?\s+of\s+|contents?\s+of\s+|inside\s+)?(.+?)${END}`,
  'i',
);
const WHAT_SAYS = /^what\s+(?:does|is)\s+(.+?)\s+(?:say|contain|about|in\s+it)\s*\??$/i;
const SUMMARIZE_FILE = /^(?:summari[sz]e|recap|tl;?dr|sum\s+up)\s+(.+?)\s*\??$/i;
const SEARCH_PATTERNS: RegExp[] = [
  /^(?:search|grep|look)(?:\s+(?:(?:through|in|across)\s+)?(?:the\s+|my\s+|your\s+)?(files|workspace|notes|memory|memories)(?=\s+for\b))?(?:\s+for)?\s+(.+?)(?:\s+(?:in|under|inside)\s+(\S+))?$/i,
  /^(?:find|show(?:\s+me)?|list|which|what|search\s+for)\s+(?:(?:all|every|any|each)\s+(?:of\s+)?)?(?:the\s+)?(?:files?|lines?|places?|mentions?|occurrences?)\s+(?:that\s+|which\s+)?(?:contain(?:s|ing)?|mention(?:s|ing)?|with|about|referencing|references?|say(?:s|ing)?|has|have|having|include|including|use|using)\s+(?:the\s+(?:word|text|string)\s+)?(.+?)\s*\??$/i,
  /^where\s+(?:is|are|do\s+I|does\s+it|is\s+there)\s+(?:the\s+(?:word|text)\s+)?(.+?)\s+(?:mentioned|used|defined|written|said|referenced|configured|set)\s*\??$/i,
  /^(?:which|what)\s+files?\s+(?:mention|contain|reference|use|talk\s+about|say)s?\s+(.+?)\s*\??$/i,
];
const SEARCH_SCOPE_FIRST =
  /^(?:search|grep|scan|check|look\s+(?:through|in|inside)|go\s+through)\s+(?:in\s+|through\s+|inside\s+)?(.+?)\s+for\s+(.+?)\s*\??$/i;
const SEARCH_SCOPE_LAST =
  /^(?:search\s+for|grep(?:\s+for)?|look\s+for|find|where\s+is)\s+(.+?)\s+(?:in|inside|within)\s+(.+?)\s*\??$/i;

/** Where a search looks: a folder or file by path, or the files with a name; undefined if neither. */
function searchScope(raw: string): { path?: string; name?: string } | undefined {
  const text = clean(raw).replace(/^(?:in|inside|within|through|across)\s+/i, '');
  if (/^(?:(?:the|my|your)\s+)?(?:memory|memories|memory\s+files)$/i.test(text))
    return { path: '/memories/' };
  const file = fileTarget(text);
  if (file?.path && /\.[A-Za-z0-9]{1,10}$/.test(file.path)) return { path: file.path };
  if (file?.name && isFileName(file.name)) return { name: file.name };
  const folder = folderOf(text);
  if (folder) return folder === '/' ? {} : { path: folder };
  return undefined;
}

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
      String.raw`${STANDING}|always\b|never\b|please\s+(?:always|never)\b|do\s+not\s+(?:ever\s+)?(?:use|add|include|write|give|send|reply|answer|respond|show|call|mention|suggest|recommend)\b`,
      String.raw`I\s+(?:want|would\s+like|need)\s+you\s+to\b`,
      String.raw`.+\s${STANDING}[\s.!]*$`,
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
  /^(?:list|show|outline|enumerate|prepare|compare|sort|write|compose|draft|create|generate|make|draw|paint|sing|translate|explain|summari[sz]e|rewrite|fix|debug|implement|code|build|design|plan|book|order|buy|send|email|call|calculate|compute|solve|tell\s+me|give\s+me|find\s+me|recommend|suggest|convert|refactor|optimi[sz]e|review|analy[sz]e|play|predict|guess|help\s+me\s+with|teach\s+me|check|update|change|edit|delete|remove|rename|move|copy|install|deploy|test|run|open|search|google|browse|look\s+up|set|schedule|remind|what|who|where|when|why|how)\b/i;

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
  if (PRAISE.test(bare)) return { kind: 'praise' };
  if (COMPLAINT.test(bare)) return { kind: 'complaint' };
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
  if (RECALL.test(bare)) return { kind: 'recall' };
  if (ABOUT_ME.test(text) || ABOUT_ME_LOOSE.test(bare)) return { kind: 'ask-about-me' };

  const topic = topicIntent(bare);
  if (topic) return topic;

  const file = fileIntent(bare);
  if (file) return file;

  if (SUMMARIZE_CONVERSATION.test(text) || SUMMARY_OF_CONVERSATION.test(bare))
    return { kind: 'summarize-conversation' };
  const explain = explainIntent(bare, question);
  if (explain) return explain;
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

  if (!TASK_VERBS.test(bare)) return { kind: 'unsupported', said: bare };
  const task = taskPhrase(bare);
  return { kind: 'unsupported', said: bare, request: true, ...(task ? { task } : {}) };
}

/**
 * What a clause says once a "remember this" marker after it (or making up all of it) is taken off:
 * '' for a bare marker, undefined when there is none.
 */
function withoutMarker(text: string): string | undefined {
  if (ONLY_MARKER.test(text)) return '';
  const tail = TAIL_MARKER.exec(text);
  if (tail?.[1] && !DANGLING.test(tail[1])) return tail[1].trim();
  return undefined;
}

function rememberIntent(text: string): Intent | undefined {
  const rest = withoutMarker(text);
  if (rest !== undefined) {
    if (rest === '' || BACK_REFERENCE.test(rest)) return { kind: 'remember-back' };
    // "what's my name, remember?" is still a question; anything said is to be remembered.
    const inner = classify(rest);
    if (inner.kind === 'remember' || inner.kind === 'remember-back') return inner;
    if (['statement', 'unsupported', 'ack', 'praise'].includes(inner.kind))
      return { kind: 'remember', facts: factsIn(rest) };
    return inner;
  }
  const match = REMEMBER.exec(text);
  if (!match) return undefined;
  const content = (match[1] ?? '').trim();
  // "Can you remember what my name is?" and "FYI, what's my name?" ask; they do not tell.
  if (WH.test(content) && !/^(?:that|this|it)\b/i.test(content))
    return classify(content.endsWith('?') ? content : `${content}?`);
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
    const said = unwrap(clause).text.replace(/\?$/, '');
    const bare = withoutMarker(said) ?? said;
    if (bare === '' || BACK_REFERENCE.test(bare)) continue;
    const fact = thirdPerson(bare);
    if (fact) facts.push(fact);
  }
  return facts;
}

/** A demo of a mechanism, a fixed form ("compare strategies"), or a part of the app by name. */
function topicIntent(text: string): Intent | undefined {
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
function explainIntent(text: string, question: boolean): Intent | undefined {
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

  // "search the README for WEATHER", "look for TODO in the notes folder".
  const first = SEARCH_SCOPE_FIRST.exec(text);
  const last = first ? undefined : SEARCH_SCOPE_LAST.exec(text);
  const [wanted, raw] = first ? [first[2], first[1]] : last ? [last[1], last[2]] : [];
  if (raw !== undefined) {
    const scope = searchScope(raw);
    const pattern = unquote(wanted ?? '');
    // "find todo.md in notes" looks for a file, not for text.
    if (scope && pattern !== '' && !/\.[A-Za-z0-9]{1,10}$/.test(pattern))
      return { kind: 'search', pattern, ...scope };
  }

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

  // Any other request whose object is the files: "can you show me what files there are?",
  // "what does the directory look like?", "are there any documents in here?"
  if (LISTING_FORM.test(text) && LISTING_OBJECT.test(text) && !NOT_LISTING.test(text)) {
    const path = listingScope(text);
    if (path) return { kind: 'list', path };
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

/** Verbs after which "me" only says who it is for: "write me a poem" is "write a poem". */
const FOR_ME =
  /^(?:write|make|get|find|buy|draw|sing|cook|bake|book|order|build|create|compose|fetch|bring|give|tell|show|send|play|read|pick|grab|draft|generate|design|paint|sketch|plan)$/i;
const DETERMINER = /^(?:a|an|the|some|any|my|our|this|that|these|those|one|two|three|\d+)$/i;
const FIRST_PERSON: Record<string, string> = {
  'I am': 'you are',
  'I was': 'you were',
  I: 'you',
  me: 'you',
  my: 'your',
  mine: 'yours',
  myself: 'yourself',
};

/**
 * The request as a verb phrase to go after "I can't", when it reads well: "write me a haiku about
 * my cat" → "write a haiku about your cat", "remind me to call mum" → "remind you to call mum".
 * Undefined when an echo would not read well (it speaks of "you", or holds odd characters): the
 * answer then quotes the request instead.
 */
function taskPhrase(text: string): string | undefined {
  const words = text.replace(/\?$/, '').trim().split(/\s+/);
  if (words.length < 2 || /\b(?:you|your|yours|yourself)\b/i.test(text)) return undefined;
  if (!/^[\p{L}\p{N}\s'",.:;!&/()+-]+$/u.test(text.replace(/\?$/, ''))) return undefined;
  const verb = words[0] ?? '';
  if (/^(?:me|us)$/i.test(words[1] ?? '') && FOR_ME.test(verb) && DETERMINER.test(words[2] ?? ''))
    words.splice(1, 1);
  const phrase = words
    .join(' ')
    .replace(/\b(?:I am|I was|I|me|my|mine|myself)\b/g, (word) => FIRST_PERSON[word] ?? word)
    .replace(/[\s.!;:,]+$/, '');
  const lower = `${phrase.charAt(0).toLowerCase()}${phrase.slice(1)}`;
  return lower.length > 60 ? `${lower.slice(0, 57).trimEnd()}…` : lower;
}

/** Whether the words look like a request to do something (for the unsupported answer's hint). */
export function mentionsFiles(text: string): boolean {
  return /\b(?:files?|folders?|directory|readme|notes|todo|workspace|\.md|\.ts|document)\b/i.test(
    normalise(text),
  );
}
