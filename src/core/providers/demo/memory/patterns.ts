// Remembering and forgetting, as said: "remember that …", a "keep that in mind" after a
// statement, "forget …". The facts come out in the third person, as the memory file holds them.

import { splitClauses, thirdPerson, unwrap } from '../language';
import type { Intent } from '../intents';
import { KNOWN_FILES } from '../files/patterns';
import { profileQuestion } from '../conversation/patterns';
import { inThirdPerson, profileFacts } from '../../../text/profile';

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

/**
 * "forget …", "stop remembering …", "you don't need to remember …", "no need to keep …", "I don't
 * want you to remember …", "I'd rather you didn't remember …", "I'd prefer you forgot …".
 */
const FORGET_VERB =
  /^(?:forget|unlearn|stop\s+remembering|do\s+not\s+remember|no\s+longer\s+remember|un-?remember|I\s+(?:do\s+not|no\s+longer)\s+want\s+you\s+(?:to\s+(?:remember|keep|know|store|save)|remembering|keeping|storing)|I\s+would\s+(?:rather|prefer)\s+(?:that\s+)?you\s+(?:(?:did\s+not|do\s+not|not|no\s+longer)\s+(?:remember|keep|know|store|save)|forgot|forget)|(?:(?:you|we)\s+)?(?:do\s+not|no\s+longer)\s+(?:need|have)\s+to\s+(?:remember|keep|know|store|save)|(?:there\s+is\s+)?no\s+need\s+to\s+(?:remember|keep|know|store|save)|(?:do\s+not|stop)\s+keep(?:ing)?(?=\s.+\s(?:on\s+file|in\s+(?:your\s+)?memory|stored|saved)$))\b\s*(?:(?:that|about|everything\s+about|what\s+I\s+(?:said|told\s+you|mentioned)\s+about)\s+)?([\s\S]*)$/i;
/** The verbs of taking something out: "delete", "wipe", "get rid of"… */
const ERASE = String.raw`(?:delete|remove|erase|drop|scrub|scratch|clear|wipe|purge|ditch|discard|get\s+rid\s+of|take\s+out|strike|cross\s+out)`;
/** "take jazz out of your memory": the thing between the verb and "out of". */
const OUT_OF_MEMORY =
  /^(?:take|get|leave|keep)\s+([\s\S]+?)\s+out\s+of\s+(?:your\s+|the\s+|my\s+)?(?:memory|memories|notes|agents\.md|memory\s+file)$/i;
/** "erase the fact that I live in Lisbon", "delete the line about Python". */
const FORGET_FACT = new RegExp(
  String.raw`^${ERASE}\s+((?:the\s+)?(?:fact|line|lines|bit|part|note|entry)\s+(?:that|about|saying|that\s+says)\s+[\s\S]+|(?:the\s+fact\s+)?that\s+(?:I|my)\b[\s\S]+)$`,
  'i',
);
const FORGET_FROM = new RegExp(
  String.raw`^${ERASE}\s+([\s\S]+?)\s+(?:from|in|out\s+of|off)\s+(?:your\s+|the\s+|my\s+)?(?:memory|memories|agents\.md|memory\s+file|notes|long[-\s]term\s+memory)$`,
  'i',
);
/**
 * "get rid of my job", "scrub the peanut allergy", "wipe the Porto thing", "drop anything about
 * peanuts": a fact of the user's named by its kind or its words, without "from memory". Only
 * nouns that a fact about the user has ("remove the first line", "delete my notes" are no forget).
 */
const FORGET_MINE = new RegExp(
  String.raw`^${ERASE}\s+((?:my|the|that|this)\s+(?:[\w'-]+\s+){0,3}?(?:city|town|country|location|hometown|address|whereabouts|job|role|profession|occupation|title|employer|company|workplace|name|allergy|allergies|intolerance|preference|preferences|diet|birthday|age|pronouns|thing|bit|fact|detail|details|info|stuff|entry)|(?:anything|everything|all)\s+(?:about|on|regarding|mentioning)\s+[\s\S]+)$`,
  'i',
);
/**
 * "remove where I live", "delete what I do for a living", "erase who my manager is": a kind of
 * fact about the user, said as a question about it that profile questions read ("remove what I
 * wrote in todo.md" is no forget); forget.ts finds its lines by that question.
 */
/** "erase Bergen", "forget Anika": a name alone (not a file's: "delete README.md"). */
const FORGET_PROPER = new RegExp(
  String.raw`^${ERASE}\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)$`,
  'u',
);
const FORGET_ABOUT_ME = new RegExp(
  String.raw`^${ERASE}\s+((?:where|what|who|which)\s+(?:I|my)\b[\s\S]+|the\s+\w+(?:\s+\w+)?\s+(?:I|my)\b[\s\S]+)$`,
  'i',
);
/** "what my name is": the user's name, as a kind of fact. */
const MY_NAME = /^what\s+my\s+name\s+is$/i;
const FORGET_ALL =
  /^(?:delete|remove|erase|clear|wipe|reset)\s+(?:all\s+(?:of\s+)?)?(?:my|your|the)\s+memor(?:y|ies)$/i;
const PERMISSION =
  /^(?:you\s+(?:can|may|could|should|might\s+as\s+well)|feel\s+free\s+to|go\s+ahead\s+and|I\s+(?:want|need|would\s+like)\s+you\s+to)\s+(?=(?:forget|unlearn|stop|delete|remove|erase|drop|scrub|clear|take|wipe|reset|purge|ditch|discard|get\s+rid|strike|cross\s+out)\b)/i;
/** Words that say where the thing is, not what it is: "the line about", "the fact that". */
const POINTER =
  /^(?:that\s+(?=I\b|my\b))?(?:(?:the|a|my|that|this)\s+)?(?:(?:line|lines|entry|entries|fact|facts|bit|part|note|item|thing|stuff|anything|everything|all)\s+)?(?:(?:about|on|regarding|saying|that\s+says|that)\s+)?/i;

/**
 * What a "forget" names ('' for everything), or undefined when the text is not one: "forget that
 * I prefer Python" → "I prefer Python", "delete the line about Python from memory" → "Python".
 */
export function forgetTarget(text: string): string | undefined {
  // "you can forget …", "feel free to drop …": a permission frame around the request.
  const request = text.replace(PERMISSION, '');
  if (FORGET_ALL.test(request)) return '';
  const aboutMe = FORGET_ABOUT_ME.exec(request);
  const match =
    FORGET_VERB.exec(request) ??
    FORGET_FROM.exec(request) ??
    FORGET_FACT.exec(request) ??
    FORGET_MINE.exec(request) ??
    OUT_OF_MEMORY.exec(request) ??
    (FORGET_PROPER.test(request) && !KNOWN_FILES.test(request.split(/\s+/).at(-1) ?? '')
      ? FORGET_PROPER.exec(request)
      : null) ??
    (aboutMe?.[1] &&
    (profileQuestion(aboutMe[1].replace(/^the\s+/i, 'what ')) || MY_NAME.test(aboutMe[1]))
      ? aboutMe
      : null);
  if (!match) return undefined;
  return (match[1] ?? '')
    .replace(POINTER, '')
    .replace(/\s+(?:on\s+file|in\s+(?:your\s+)?memory|stored|saved)$/i, '')
    .replace(/\s+(?:line|entry|fact|preference|bit|thing|stuff|detail|details|info|please)$/i, '')
    .replace(/^["'“]+|["'”.!?]+$/g, '')
    .trim();
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

/**
 * A request to remember, in any of its forms; `classify` reads what is said inside it ("can you
 * remember what my name is?" asks, it does not tell).
 */
export function rememberIntent(
  text: string,
  classify: (text: string) => Intent,
): Intent | undefined {
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

/** What a clause says, in the third person: one fact per part of an introduction. */
export function factsOf(clause: string): string[] {
  const told = profileFacts(clause);
  if (told.length > 0) return told.map((fact) => inThirdPerson(fact));
  const fact = thirdPerson(clause);
  return fact ? [fact] : [];
}

/** The facts in the content of a remember request, each in the third person. */
function factsIn(content: string): string[] {
  const facts: string[] = [];
  for (const clause of splitClauses(content)) {
    const said = unwrap(clause).text.replace(/\?$/, '');
    const bare = withoutMarker(said) ?? said;
    if (bare === '' || BACK_REFERENCE.test(bare)) continue;
    facts.push(...factsOf(bare));
  }
  return facts;
}
