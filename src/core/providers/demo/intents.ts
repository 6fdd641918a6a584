// The intents the Demo understands, with their slots: what understand.ts makes of each clause of a
// message and what the dispatcher turns into actions.

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
