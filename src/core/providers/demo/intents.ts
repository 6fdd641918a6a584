// The intents the Demo understands, with their slots: what understand.ts makes of each clause of a
// message and what the dispatcher turns into actions.

import type { StrategyId } from '../../strategies/types';
import type { ProfileSlot } from '../../text/profile';

/** What a token question is about beyond the thread's totals: the last call, or the limit. */
export type TokenFocus = 'last' | 'limit';

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
  | { kind: 'statement'; facts: string[]; said: string; lasting: boolean }
  /** "forget that I prefer Python", "delete the line about Python from memory". */
  | { kind: 'forget'; what: string }
  | { kind: 'ask-name' }
  | { kind: 'ask-about-me' }
  /** "what did I tell you earlier?": memory plus the earlier messages the request carries. */
  | { kind: 'recall' }
  /** A question about something the user says of themselves: "what city do I live in?". */
  | { kind: 'profile'; slot: ProfileSlot; relation?: string }
  /** "how many tokens have we used?": the thread's figures. */
  | { kind: 'tokens'; focus?: TokenFocus }
  | { kind: 'ask'; question: string }
  | { kind: 'list'; path: string }
  /** A file by path (absolute), or by a bare name to look up first ("todo.md", "the README"). */
  | { kind: 'read'; path: string; note?: string }
  /** `folder`: where to look first ("the todo list in the notes folder"). */
  | { kind: 'open'; name: string; mine: boolean; note?: string; folder?: string }
  /** "make a file called plan.md with …": the content given, or a topic for a labelled outline. */
  | { kind: 'write'; path?: string; content?: string; topic?: string }
  | { kind: 'locate'; name: string }
  /** Text in files: in a folder or file by `path`, or in the files called `name` ("the README"). */
  | { kind: 'search'; pattern: string; path?: string; name?: string }
  | { kind: 'glob'; pattern: string; path?: string }
  | { kind: 'tour' }
  | { kind: 'long-file'; path?: string }
  | { kind: 'big-computation' }
  | { kind: 'explain'; topic: Topic }
  /** Two or more strategies named together: "sliding window vs summarization". */
  | { kind: 'compare-strategies'; ids: StrategyId[] }
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
