// A small built-in list of words that chat and questions use for the same thing ("kids" in a
// message, "children" in the question; "pic" and "photo"; "fam" and "family"). A query word adds
// the other words of its group at a lower weight. General English, not tuned to any conversation.

import { tokenize, type TokenizerOptions } from './tokenize';

export const SYNONYM_GROUPS: readonly string[] = [
  'kid kids child children son sons daughter daughters',
  'mom mum mother',
  'dad father',
  'fam family',
  'pic pics photo photos picture pictures',
  'bday birthday',
  'hubby husband',
  'movie movies film films',
  'pup puppy dog doggo',
  'trip travel vacation holiday',
  'friend friends pal buddy',
  'song songs music tune tunes',
  'workout exercise gym fitness',
  'job work career',
  'house home',
  'class course lesson',
  'book books novel read',
  'cook cooking recipe bake baking',
  'sport sports game games',
  'hobby hobbies',
  'painting paint art artwork',
  'volunteer volunteering charity',
];

const cache = new WeakMap<TokenizerOptions, Map<string, string[]>>();

/** Token -> the other tokens of its groups, under the given tokenizer (built once per tokenizer). */
export function synonymTable(tokenizer: TokenizerOptions): Map<string, string[]> {
  let table = cache.get(tokenizer);
  if (table) return table;
  table = new Map();
  for (const group of SYNONYM_GROUPS) {
    const tokens = [...new Set(group.split(' ').flatMap((word) => tokenize(word, tokenizer)))];
    for (const token of tokens) {
      const others = tokens.filter((other) => other !== token);
      table.set(token, [...new Set([...(table.get(token) ?? []), ...others])]);
    }
  }
  cache.set(tokenizer, table);
  return table;
}

/**
 * Query token -> weight: each token as often as it occurs, plus its synonyms at `weight` (a token
 * the query already has keeps its own count).
 */
export function expandQuery(
  tokens: readonly string[],
  tokenizer: TokenizerOptions,
  weight: number,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const token of tokens) out.set(token, (out.get(token) ?? 0) + 1);
  if (weight <= 0) return out;
  const table = synonymTable(tokenizer);
  for (const token of [...out.keys()])
    for (const other of table.get(token) ?? []) if (!out.has(other)) out.set(other, weight);
  return out;
}
