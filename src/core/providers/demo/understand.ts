// What a message asks for: a labelled script over verbs and slots. Each clause of the message
// (language.ts splits them) is classified into one intent with its slots: remember (the fact in the
// third person), a question about the user, a file command with its path or bare file name, a
// demo of a mechanism, an explanation, a greeting, thanks, help, or a request the script cannot do.
// Deterministic: the same text always gives the same intents.

import { END, GREETING, STANDING, splitClauses, thirdPerson, unwrap } from './language';
import type { Intent, Understanding } from './intents';
import {
  ABOUT_ME,
  ABOUT_ME_LOOSE,
  ASKS_NAME,
  RECALL,
  SUMMARIZE_CONVERSATION,
  SUMMARY_OF_CONVERSATION,
} from './conversation/patterns';
import { explainIntent, topicIntent } from './explain/patterns';
import { KNOWN_FILES, SUMMARIZE_FILE, fileIntent, fileTarget, isFileName } from './files/patterns';
import { forgetTarget, rememberIntent } from './memory/patterns';
import { profileQuestion } from './conversation/patterns';
import { writeIntent } from './files/write';
import { fileFallback, tokenFallback } from './fallback';
import { TOKENS, tokenFocus } from './tokens/tokens';
import { NOT_NAMES, inThirdPerson, profileFacts } from '../../text/profile';

export type { Intent, Topic, Understanding } from './intents';

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

  const remember = rememberIntent(bare, classify);
  if (remember) {
    // "jot down a file ideas.md …": a file to write, not a note to memory.
    const named = writeIntent(bare);
    return named?.path ? named : remember;
  }

  const forget = forgetTarget(bare);
  if (forget !== undefined) return { kind: 'forget', what: forget };

  if (
    ASKS_NAME.test(bare) &&
    (question || /^(?:tell|say|give|remind)\b/i.test(bare)) &&
    !/\bmy\s+name\s+is\s+\S/i.test(bare)
  )
    return { kind: 'ask-name' };
  if (RECALL.test(bare)) return { kind: 'recall' };
  const profile = profileQuestion(bare, question);
  if (profile) return { kind: 'profile', ...profile };
  if (TOKENS.test(bare)) {
    const focus = tokenFocus(bare);
    return focus ? { kind: 'tokens', focus } : { kind: 'tokens' };
  }
  if (ABOUT_ME.test(text) || ABOUT_ME_LOOSE.test(bare)) return { kind: 'ask-about-me' };

  const topic = topicIntent(bare);
  if (topic) return topic;

  const write = writeIntent(bare);
  if (write) return write;
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

  // What the user says of themselves ("I'm Priya, a data engineer in Lisbon"): one fact a clause.
  const told = question ? [] : profileFacts(bare);
  if (told.length > 0)
    return {
      kind: 'statement',
      facts: told.map((fact) => inThirdPerson(fact)),
      said: bare,
      lasting: true,
    };
  // Standing rules and facts about oneself, even when phrased with a question mark ("can you
  // always answer in French?" was unwrapped to "always answer in French?").
  if (
    LASTING_SELF.test(bare) &&
    !/^(?:do|does|did|am|is|are|can|could|would|will)\s+(?!not\b)/i.test(bare)
  )
    return { kind: 'statement', facts: [thirdPerson(bare)], said: bare, lasting: true };
  // "I'm Marco": a capitalised word alone after "I am" is a name.
  const named = /^I am ([A-Z][\p{L}'-]+)$/u.exec(bare);
  if (named?.[1] && !NOT_NAMES.test(named[1]))
    return { kind: 'statement', facts: [thirdPerson(bare)], said: bare, lasting: true };
  if (PROFILE_NOUNS.test(bare) && !question)
    return { kind: 'statement', facts: [thirdPerson(bare)], said: bare, lasting: true };

  // No pattern named it: the fallbacks, before a general question or a plain statement.
  const fallback = tokenFallback(bare, question) ?? fileFallback(bare);
  if (fallback) return fallback;
  if (question) return { kind: 'ask', question: text };

  if (
    SELF.test(bare) ||
    (DECLARATIVE.test(bare) && !TASK_VERBS.test(bare) && bare.split(' ').length >= 3)
  )
    return { kind: 'statement', facts: [thirdPerson(bare)], said: bare, lasting: false };

  if (!TASK_VERBS.test(bare)) return { kind: 'unsupported', said: bare };
  const task = taskPhrase(bare);
  return { kind: 'unsupported', said: bare, request: true, ...(task ? { task } : {}) };
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
