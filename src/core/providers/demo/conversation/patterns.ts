// Questions about the user and the conversation: "what do you remember about me?", "what did I
// tell you earlier?", "what's my name?", a summary of the conversation.

import { END } from '../language';
import type { ProfileSlot } from '../../../text/profile';

export const ABOUT_ME = new RegExp(
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
export const ABOUT_ME_LOOSE =
  /\b(?:you|your)\b.*\b(?:know|remember|recall|saved?|stored?|learn(?:ed|t)?|memory|memories|have|got|kept|keep|hold|held|noted|written|collected|gathered|picked\s+up)\b.*\b(?:about|on|of|regarding|concerning)\s+(?:me|myself)$/i;
/**
 * "What did I tell you earlier?", "remind me what I said", "recap what I've told you so far",
 * "what did we talk about?": memory, plus the earlier messages the request carries.
 */
export const RECALL = new RegExp(
  String.raw`^(?:(?:recap|repeat|summari[sz]e|list|tell\s+me|give\s+me|show\s+me|go\s+over|go\s+through|run\s+through|remind\s+me\s+of)\s+)?(?:what|everything|anything|all(?:\s+that)?|the\s+things?|the\s+stuff)\s+(?:(?:did|have|had|do)\s+)?(?:I|we)\s+(?:have\s+|had\s+)?(?:already\s+|just\s+|previously\s+)?(?:told|tell|said|say|mentioned|mention|shared|share|written|wrote|write|asked|ask|talked\s+about|talk\s+about|discussed|discuss|covered|cover|gone\s+over|went\s+over|go\s+over)(?:\s+(?:to\s+)?you)?(?:\s+(?:about\s+(?:me|myself)|earlier|before|so\s+far|previously|already|today|yesterday|in\s+(?:this|our|the)\s+(?:chat|conversation|thread|session)|(?:a\s+)?(?:while|minute|moment|bit|few\s+minutes)\s+ago|last\s+time|until\s+now|up\s+to\s+now|here|just\s+now|again|first|initially|at\s+first|at\s+the\s+(?:start|beginning|outset)|in\s+the\s+beginning))*${END}`,
  'i',
);
export const ASKS_NAME =
  /(?:\bmy\s+name\b|\bwhat\s+(?:do|did|should)\s+you\s+call\s+me\b|\bwhat\s+I\s+am\s+called\b|\bname\s+did\s+I\b|\bam\s+I\s+called\b)/i;

export const SUMMARIZE_CONVERSATION =
  /^(?:summari[sz]e|recap|sum\s+up)\s+(?:this|our|the)\s+(?:conversation|chat|thread|discussion|session)(?:\s+so\s+far)?\??$|^(?:give\s+me\s+|write\s+)?a\s+(?:summary|recap)\s+of\s+(?:this|our|the)\s+(?:conversation|chat|thread|discussion|session)(?:\s+so\s+far)?\??$/i;
/** Any other request for a summary of this conversation ("what's the tl;dr of our chat?"). */
export const SUMMARY_OF_CONVERSATION =
  /^(?!how\b|why\b)(?=.*\b(?:summary|summari[sz]e|recap|sum\s+up|tl;?dr|gist)\b).*\b(?:this|our|the)\s+(?:conversation|chat|thread|discussion|session)\b/i;

const RELATION_WORDS =
  'manager|boss|line\\s+manager|team\\s+lead|tech\\s+lead|lead|supervisor|partner|wife|husband|girlfriend|boyfriend|fianc[eé]e?|colleague|co-?worker|teammate|mentor|sister|brother|mother|mum|mom|father|dad|son|daughter|friend|best\\s+friend|dog|cat|landlord|doctor|client|co-?founder|assistant|flatmate|roommate';
/** Questions about what the user says of themselves, by the slot they ask for. */
const PROFILE_QUESTIONS: [ProfileSlot, RegExp][] = [
  [
    'place',
    /\b(?:where\s+am\s+I\s*\??$|where\s+(?:do|did)\s+I\s+(?:live|stay|come\s+from)|where\s+I\s+(?:live|am\s+(?:based|from|located|living))|where\s+am\s+I\s+(?:based|from|located|living|staying)|(?:what|which)\s+(?:city|town|country|place|part\s+of\s+the\s+world)\s+(?:do\s+I|am\s+I|I\s+am|I|did\s+I)\b|(?:what|where)\s+is\s+my\s+(?:home|city|town|location|hometown|home\s+town)|where\s+is\s+home|my\s+(?:city|hometown|location)\s+is\b)/i,
  ],
  [
    'role',
    /\b(?:what\s+(?:is|was)\s+my\s+(?:job|role|profession|occupation|job\s+title|title|line\s+of\s+work)|what\s+do\s+I\s+do(?:\s+for\s+(?:a\s+living|work))?\s*\??$|what\s+my\s+(?:job|role|profession|occupation)\s+is|what\s+I\s+do(?:\s+for\s+(?:a\s+living|work))?\s*\??$|what\s+(?:kind\s+of\s+)?work\s+do\s+I\s+do|what\s+do\s+I\s+work\s+as|what\s+is\s+it\s+(?:that\s+)?I\s+do(?:\s+for\s+(?:a\s+living|work))?\s*\??$)\b/i,
  ],
  [
    'employer',
    /\b(?:where\s+(?:do|did)\s+I\s+work|(?:which|what)\s+(?:company|firm|organi[sz]ation|org|employer|team|business|outfit|place)\s+(?:(?:do|did)\s+I|I|am\s+I|I\s+am|is\s+it\s+(?:that\s+)?I)\s+(?:(?:currently|now)\s+)?(?:work(?:ing)?|employed|at|with|for|in|part\s+of|belong\s+to|(?:a\s+)?member\s+of)|who\s+(?:do|did)\s+I\s+work\s+for|who\s+am\s+I\s+(?:working\s+for|employed\s+by|with)|who\s+(?:employs|hired)\s+me|who\s+is\s+my\s+(?:employer|company)|where\s+am\s+I\s+(?:employed|working)|(?:which|what)\s+(?:company|firm|organi[sz]ation|employer|workplace)\s+(?:did|have)\s+I\s+(?:say|said|mention(?:ed)?|tell\s+you|told\s+you)\s*$|where\s+I\s+work|what\s+is\s+(?:the\s+name\s+of\s+)?my\s+(?:company|employer|firm|organi[sz]ation|workplace))\b/i,
  ],
  [
    'project',
    /\b(?:what\s+(?:am\s+I|I\s+am|was\s+I|is\s+it\s+I\s+am)\s+(?:working\s+on|building|developing)|(?:what|which)\s+project\s+(?:am\s+I|I\s+am|was\s+I)|what\s+is\s+my\s+(?:current\s+|main\s+)?project)\b/i,
  ],
  [
    'plan',
    /\b(?:where\s+(?:am|was)\s+I\s+(?:going|heading|flying|travel+ing|off\s+to|planning\s+to\s+go|going\s+to\s+go)(?:\s+(?:next|soon|on\s+(?:holiday|vacation)|(?:this|next|in)\s+\w+))?\s*\??$|where\s+(?:do|did)\s+I\s+(?:plan|want|intend|hope)\s+to\s+(?:go|travel|fly)|what\s+(?:trip|travel\s+plans?|holiday|vacation|journey|getaway)\s*(?:\??$|(?:am|was|did|have|do)\s+I\b)|what\s+(?:are|were)\s+my\s+plans?|what\s+is\s+my\s+plan|what\s+(?:am|was)\s+I\s+(?:planning|going\s+to\s+do|hoping\s+to\s+do|about\s+to\s+do)|what\s+(?:do|did)\s+I\s+plan|what\s+I\s+am\s+planning|what\s+(?:am|was)\s+I\s+planning\s+to)\b/i,
  ],
  ['learning', /\bwhat\s+(?:am\s+I|I\s+am|was\s+I)\s+(?:learning|studying)\b/i],
  [
    'language',
    /\b(?:(?:what|which)\s+languages?\s+(?:do|can|did)\s+I\s+(?:speak|know)|(?:what|which)\s+languages?\s+(?:I\s+(?:speak|know|can\s+speak)|am\s+I\s+fluent\s+in)|what\s+is\s+my\s+(?:native|first|mother)\s+(?:language|tongue)|do\s+I\s+speak\s+any\s+languages)\b/i,
  ],
  [
    'hobby',
    /\b(?:what\s+(?:are|is|were|was)\s+my\s+(?:favou?rite\s+)?(?:hobby|hobbies|pastimes?|interests?|passions?)|what\s+(?:do\s+I|I)\s+(?:do|like\s+to\s+do|like\s+doing|love\s+doing|enjoy\s+doing)\s+(?:for\s+fun|in\s+my\s+(?:free|spare|down)\s*time|on\s+(?:the\s+)?weekends?|outside\s+(?:of\s+)?work)|what\s+(?:do\s+I|I)\s+(?:like|love|enjoy)\s+doing|what\s+am\s+I\s+into|what\s+do\s+I\s+enjoy\s*\??$|(?:do\s+I\s+have|what)\s+(?:any\s+)?hobbies)\b/i,
  ],
  [
    'preference',
    /\b(?:(?:which|what)\b.*\b(?:do\s+I|I|did\s+I\s+say\s+I)\s+(?:prefer|like|love|enjoy)|what\s+is\s+my\s+(?:preferred|favou?rite)\s+\w+)\b/i,
  ],
];
/** Nouns that name a kind of fact about the user rather than its words: "my city", "my job". */
export const SLOT_NOUNS: [ProfileSlot, RegExp][] = [
  ['name', /^(?:name|what\s+my\s+name\s+is)$/i],
  ['place', /^(?:city|town|country|location|hometown|home\s+town|home|address|whereabouts)$/i],
  ['role', /^(?:job|role|profession|occupation|job\s+title|title|line\s+of\s+work)$/i],
  ['employer', /^(?:employer|company|workplace|firm|organi[sz]ation|where\s+I\s+work)$/i],
  ['project', /^(?:current\s+|main\s+)?project$/i],
  ['hobby', /^(?:hobby|hobbies|pastimes?|interests)$/i],
  ['language', /^(?:languages?|native\s+language|mother\s+tongue)$/i],
  ['plan', /^(?:plans?|travel\s+plans|trip)$/i],
];
/**
 * "my job?", "and my city?", "what about my employer?", "remind me of my dog's name", "tell me my
 * hobbies": a kind of fact named by its noun, asked for with no verb of its own.
 */
const NOUN_QUESTION = new RegExp(
  String.raw`^(?:(?:and|so|also|then)\s+)?(?:(?:what|how)\s+about|remind\s+me\s+(?:of|about)|tell\s+me|give\s+me|say|recall|repeat)?\s*(?:what\s+is\s+)?my\s+(.+?)(?:\s+again)?\s*\??$`,
  'i',
);

function nounQuestion(text: string): { slot: ProfileSlot; relation?: string } | undefined {
  const noun = NOUN_QUESTION.exec(text)?.[1];
  if (!noun) return undefined;
  const slot = SLOT_NOUNS.find(([, words]) => words.test(noun))?.[0];
  if (slot) return { slot };
  const relation = new RegExp(String.raw`^(${RELATION_WORDS})(?:'s\s+name)?$`, 'i').exec(noun)?.[1];
  return relation
    ? { slot: 'person', relation: relation.toLowerCase().replace(/\s+/g, ' ') }
    : undefined;
}

const PERSON_QUESTION = new RegExp(
  String.raw`\b(?:who\s+is|what\s+is|who|what|what\s+did\s+I\s+say)\s+(?:is\s+)?my\s+(${RELATION_WORDS})(?:'s\s+name|\s+called|\s+is)?\b`,
  'i',
);

/** The slot a question about the user asks for; `asked`: it was said as a question ("my job?"). */
export function profileQuestion(
  bare: string,
  asked = false,
): { slot: ProfileSlot; relation?: string } | undefined {
  const noun = nounQuestion(bare);
  if (noun && (asked || /\?$/.test(bare) || !/^my\b/i.test(bare))) return noun;
  if (!/\?$|^(?:what|who|where|which|how)\b/i.test(bare)) return undefined;
  // "where did I say I live?" asks what "where I live?" asks.
  const text = bare
    .replace(
      /\b(?:did|have|had)\s+I\s+(?:say|said|tell\s+you|told\s+you|mention(?:ed)?|write|written)\s+(?:that\s+)?/i,
      '',
    )
    // "what do I do for work again?": the question without its "again".
    .replace(/\s+(?:again|exactly|already|then)(?=\s*\??$)/i, '');
  const person = PERSON_QUESTION.exec(text);
  if (person?.[1])
    return { slot: 'person', relation: person[1].toLowerCase().replace(/\s+/g, ' ') };
  if (/\bwho\s+do\s+I\s+(?:report|answer)\s+to\b/i.test(text))
    return { slot: 'person', relation: 'manager' };
  if (
    /\bwho\s+(?:am\s+I|I\s+am)\s+married\s+to\b|\bwho\s+is\s+my\s+(?:spouse|other\s+half)\b/i.test(
      text,
    )
  )
    return { slot: 'person', relation: 'partner' };
  const found = PROFILE_QUESTIONS.find(([, pattern]) => pattern.test(text));
  if (found?.[0] !== 'preference') return found ? { slot: found[0] } : undefined;
  // "Which language do I prefer?": the verb asked with, to rank "prefers" before "likes".
  const verb = /\b(prefer|like|love|enjoy)\b/i.exec(text)?.[1]?.toLowerCase();
  return { slot: 'preference', ...(verb ? { relation: verb } : {}) };
}
