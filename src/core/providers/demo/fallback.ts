// Fallbacks (issue 33): what a message means when no pattern named it, for the kinds that missed
// most in the blind sets. understand.ts tries them after every pattern and before it calls a
// message a general question, a plain statement or a request the script cannot do.
// - A file: a read-like verb ("open", "show", "read", "print", "display", "view", "see", "look
//   at", "what does … say", "what's in") and a path ("notes/todo.md", "plan.md") or one word that
//   could be a file's stem ("todo", "readme"), with trailing courtesies ("to me", "please") and
//   possessives ("the project's readme") left out.
// - Tokens: a question with "token(s)"/"token-wise" that is not about a file's or a text's own
//   tokens: the thread's figures.
// (The recall fallback needs the thread, so it lives with the answers: conversation/recall-fallback.ts.)

import type { Intent } from './intents';

const READ_VERB =
  /^(?:(?:can|could|would|will)\s+(?:you|I)\s+|please\s+|let\s+me\s+)?(?:open(?:\s+up)?|show(?:\s+me)?|read(?:\s+out)?|print(?:\s+out)?|display|view|see|look\s+at|have\s+a\s+look\s+at|cat|pull\s+up|bring\s+up)\s+(.+)$/i;
const WHAT_SAYS =
  /^(?:what\s+(?:does|do|did)\s+(.+?)\s+(?:say|contain|read|show)|what\s+is\s+(?:in|inside)\s+(.+?)|what\s+(.+?)\s+says)$/i;
/** Courtesies and filler at the end: "to me", "please", "for me", "now". */
const TRAILING =
  /(?:\s+|,\s*)(?:to\s+me|for\s+me|please|now|real\s+quick|quickly|again|thanks|thank\s+you|here|out\s+loud|aloud)$/i;
const PATH =
  /^\/?(?:[\w.@+-]+\/)*[\w@+-][\w.@+-]*\.[A-Za-z0-9]{1,10}$|^\/?[\w.@+-]+(?:\/[\w.@+-]+)+$/;
/** Words that are never a file's stem here. */
const NOT_STEMS =
  /^(?:me|you|it|this|that|them|these|those|us|him|her|everything|anything|something|more|all|what|how|why|which|who|where|when|results?|answer|difference|way|list|example|examples|files?|folders?|workspace|memory|memories|around|again|up|here|there|myself|yourself|now|later|code|tokens?)$/i;

/** What the read verb points at: a path, or one stem word with a folder when one is named. */
function readTarget(raw: string): Intent | undefined {
  let text = raw.replace(/[?!.]+$/, '').trim();
  while (TRAILING.test(text)) text = text.replace(TRAILING, '').trim();
  text = text.replace(/^(?:me\s+)?(?:what\s+)?/i, '').replace(/\s+(?:says?|contains?)$/i, '');
  const words = text.split(/\s+/);
  const path = words.find((w) => PATH.test(w.replace(/^["'`]|["'`,]$/g, '')));
  if (path) {
    const clean = path.replace(/^["'`]|["'`,]$/g, '');
    if (clean.includes('/'))
      return { kind: 'read', path: clean.startsWith('/') ? clean : `/${clean}` };
    return { kind: 'open', name: clean, mine: false };
  }
  // "the todo file in notes", "the project's readme", "my notes folder's todo".
  const folder =
    /\s+(?:in|from|inside|under)\s+(?:the\s+|my\s+|our\s+)?([\w.-]+)(?:\s+(?:folder|directory|dir))?$/i.exec(
      text,
    );
  const stemPart = (folder ? text.slice(0, folder.index) : text)
    .replace(/^(?:the|a|an|my|our|this|that|your)\s+/i, '')
    .replace(/^(?:[\w-]+['’]s\s+)+/i, '')
    .replace(/\s+(?:file|doc|document|note|notes\s+file)$/i, '')
    .trim();
  if (!/^[\w-]{3,40}$/.test(stemPart) || NOT_STEMS.test(stemPart)) return undefined;
  const mine = /^(?:my|our)\b/i.test(text);
  return {
    kind: 'open',
    name: stemPart,
    mine,
    ...(folder?.[1] ? { folder: `/${folder[1]}` } : {}),
  };
}

/** A file to read, when the message asks to see one that no pattern named. */
export function fileFallback(bare: string): Intent | undefined {
  let text = bare.replace(/[?!.]+$/, '').trim();
  while (TRAILING.test(text)) text = text.replace(TRAILING, '').trim();
  const verb = READ_VERB.exec(text);
  const says = verb ? undefined : WHAT_SAYS.exec(text);
  const target = verb?.[1] ?? says?.[1] ?? says?.[2] ?? says?.[3];
  return target ? readTarget(target) : undefined;
}

const TOKEN_WORD = /\b(?:input|output|prompt|completion)?\s*tokens?(?:-wise)?\b/i;
/** The tokens of a file, a text, a word: not the thread's. */
const OWN_TOKENS =
  /\b(?:file|text|string|sentence|word|words|paragraph|document|line|phrase|essay|poem|code|snippet)\b|["“'`]|\/[\w.-]+|\b[\w-]+\.[A-Za-z]{1,5}\b/i;

/** The thread's token figures, when a question speaks of tokens and not of a text's own. */
export function tokenFallback(bare: string, question: boolean): Intent | undefined {
  if (!question || !TOKEN_WORD.test(bare) || OWN_TOKENS.test(bare)) return undefined;
  return { kind: 'tokens' };
}
