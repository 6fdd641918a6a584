// Questions about the user and the conversation: "what do you remember about me?", "what did I
// tell you earlier?", "what's my name?", a summary of the conversation.

import { END } from '../language';

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
