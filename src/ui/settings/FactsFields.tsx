import type { FactsSettings } from '../../core/memory/facts/settings';
import type { SimilarityMethod } from '../../core/retrieval/types';
import { NumberFields, parseNumbers, type FieldProps, type NumberSpec } from './NumberField';
import { Choice, TextField } from './Fields';
import { MAX_FACTS_CEILING, SIMILARITY_METHODS } from '../../state/settings';

type NumericKey =
  | 'debounceMs'
  | 'similarityWeight'
  | 'confidenceWeight'
  | 'budgetTokens'
  | 'contextTurns'
  | 'minConfidence'
  | 'maxFacts';

export type FactsDraft = Omit<FactsSettings, NumericKey> & Record<NumericKey, string>;

export const METHOD_LABELS: Record<SimilarityMethod, string> = {
  tfidf: 'TF-IDF cosine (DeerFlow)',
  bm25: 'BM25',
  embeddings: 'Local embeddings',
  hybrid: 'Hybrid (lexical + embeddings)',
};

const FIELDS: NumberSpec<NumericKey>[] = [
  { key: 'similarityWeight', label: 'Similarity weight', range: { min: 0, max: 1 } },
  { key: 'confidenceWeight', label: 'Confidence weight', range: { min: 0, max: 1 } },
  {
    key: 'budgetTokens',
    label: 'Fact budget (tokens)',
    range: { min: 0, max: 100_000, integer: true },
  },
  {
    key: 'contextTurns',
    label: 'Context turns',
    range: { min: 1, max: 50, integer: true },
    hint: 'Recent turns the facts are ranked against.',
  },
  {
    key: 'debounceMs',
    label: 'Update delay after a run (ms)',
    range: { min: 0, max: 3_600_000, integer: true },
  },
  { key: 'minConfidence', label: 'Minimum confidence to keep a fact', range: { min: 0, max: 1 } },
  {
    key: 'maxFacts',
    label: 'Maximum facts',
    range: { min: 1, max: MAX_FACTS_CEILING, integer: true },
  },
];

export function toFactsDraft(settings: FactsSettings): FactsDraft {
  const draft = { ...settings } as unknown as FactsDraft;
  for (const field of FIELDS) draft[field.key] = String(settings[field.key]);
  return draft;
}

export function parseFactsDraft(draft: FactsDraft): {
  settings?: FactsSettings;
  problems: string[];
} {
  const problems: string[] = [];
  const out = { ...draft } as unknown as FactsSettings;
  parseNumbers(FIELDS, draft, out, problems);
  if (!draft.embeddingModel.trim()) problems.push('Embedding model must not be empty.');
  return problems.length ? { problems } : { settings: out, problems };
}

export function FactsFields({ value: draft, onChange }: FieldProps<FactsDraft>) {
  return (
    <fieldset>
      <legend>Fact memory</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(e) => onChange({ ...draft, enabled: e.target.checked })}
        />
        Fact memory on (memory.json updates and &lt;memory&gt; injection)
      </label>
      <label>
        Similarity method
        <Choice
          value={draft.method}
          options={SIMILARITY_METHODS}
          labels={METHOD_LABELS}
          onChange={(method) => onChange({ ...draft, method })}
        />
      </label>
      <NumberFields fields={FIELDS} value={draft} onChange={onChange} />
      <TextField
        label="Embedding model"
        value={draft.embeddingModel}
        onChange={(embeddingModel) => onChange({ ...draft, embeddingModel })}
      />
      <TextField
        label="Embedding model source"
        value={draft.embeddingModelBaseUrl}
        placeholder="Empty: the Hugging Face hub. Or a base URL, or a path served by this app"
        onChange={(embeddingModelBaseUrl) => onChange({ ...draft, embeddingModelBaseUrl })}
      />
    </fieldset>
  );
}
