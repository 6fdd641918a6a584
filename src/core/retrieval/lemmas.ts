// Irregular English forms to their base word, for the tokenizer: a question asks "What did she
// buy?" and the message says "I bought…"; "children" in one, "child" in the other. Porter-style
// suffix stripping cannot see these. The forms come from two small, maintained lists rather than a
// hand-written table: english-verbs-irregular (569 verbs with their past and participle forms,
// Apache-2.0) and irregular-plurals (MIT). A form that is mostly another everyday word ("born" is
// not about bears, "rose" is a flower, "left" a side) is left alone.

import VERBS from 'english-verbs-irregular/dist/verbs.json' with { type: 'json' };
import PLURALS from 'irregular-plurals';

// Forms kept as they are: another common word (noun, adjective, direction) more often than the verb
// or plural they also are.
const AMBIGUOUS: ReadonlySet<string> = new Set([
  'born',
  'bore',
  'bound',
  'data',
  'dice',
  'ground',
  'lay',
  'leaves',
  'lit',
  'media',
  'rose',
  'spoke',
  'tore',
  'wound',
]);

let table: Map<string, string> | undefined;

/** Form -> base word (lowercase): irregular past and participle forms, and irregular plurals. */
export function irregularForms(): ReadonlyMap<string, string> {
  if (table) return table;
  table = new Map();
  const add = (form: string, base: string) => {
    const f = form.toLowerCase();
    const b = base.toLowerCase();
    if (f !== b && /^[a-z]+$/.test(f) && !AMBIGUOUS.has(f) && !table!.has(f)) table!.set(f, b);
  };
  for (const [base, forms] of Object.entries(VERBS as Record<string, string[][]>))
    for (const pair of forms) for (const form of pair) add(form, base);
  for (const [one, many] of PLURALS) add(many, one);
  return table;
}

/** The base word of an irregular form ("bought" -> "buy", "children" -> "child"), else the word. */
export function baseForm(word: string): string {
  return irregularForms().get(word) ?? word;
}
