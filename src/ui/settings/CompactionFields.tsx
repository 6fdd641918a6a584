import type { CompactionSettings } from '../../core/compaction/settings';
import {
  COMPACTION_PRESETS,
  DEFAULT_SPECIFICS_BUDGET,
  STRESS_CONTEXT_WINDOW,
} from '../../state/settings';
import { NumberFields, parseNumbers, type FieldProps, type NumberSpec } from './NumberField';
import { Toggle } from './Fields';

/** The thresholds a preset sets. */
type PresetKey = keyof (typeof COMPACTION_PRESETS)['default'];

export type CompactionDraft = Record<PresetKey | 'specificsBudget', string> & {
  keepSpecifics: boolean;
};

export const COMPACTION_FIELDS: NumberSpec<PresetKey>[] = [
  {
    key: 'offloadTokens',
    label: 'Offload tool results over (tokens)',
    range: { min: 100, max: 1_000_000, integer: true },
    hint: 'Larger results go to /large_tool_results/ with a 10-line preview.',
  },
  {
    key: 'triggerFraction',
    label: 'Compaction trigger (fraction of the window)',
    range: { min: 0.05, max: 0.99 },
    hint: 'Truncation, then summarization, start above this share of the context window.',
  },
  {
    key: 'keepFraction',
    label: 'Kept recent history (fraction of the window)',
    range: { min: 0.01, max: 0.9 },
    hint: 'Summarization keeps this much of the newest conversation verbatim.',
  },
  {
    key: 'truncateArgChars',
    label: 'Truncate old tool inputs longer than (characters)',
    range: { min: 100, max: 1_000_000, integer: true },
    hint: 'Old write_file / edit_file arguments are cut to a pointer to the file.',
  },
];

const SPECIFICS_BUDGET_FIELD: NumberSpec<'specificsBudget'> = {
  key: 'specificsBudget',
  label: 'Specifics block budget (tokens)',
  range: { min: 50, max: 20_000, integer: true },
  hint: 'The most tokens the Specifics block beside a summary may take; what does not fit is counted in its last line.',
};

export function toCompactionDraft(settings: CompactionSettings): CompactionDraft {
  return {
    offloadTokens: String(settings.offloadTokens),
    triggerFraction: String(settings.triggerFraction),
    keepFraction: String(settings.keepFraction),
    truncateArgChars: String(settings.truncateArgChars),
    keepSpecifics: settings.keepSpecifics ?? false,
    specificsBudget: String(settings.specificsBudget ?? DEFAULT_SPECIFICS_BUDGET),
  };
}

export function parseCompactionDraft(draft: CompactionDraft): {
  settings?: CompactionSettings;
  problems: string[];
} {
  const problems: string[] = [];
  const out: Partial<CompactionSettings> = { keepSpecifics: draft.keepSpecifics };
  parseNumbers([...COMPACTION_FIELDS, SPECIFICS_BUDGET_FIELD], draft, out, problems);
  return problems.length ? { problems } : { settings: out as CompactionSettings, problems };
}

export function CompactionFields({
  value: draft,
  onChange,
  contextWindow,
}: FieldProps<CompactionDraft> & {
  /**
   * The dialog's context-window override: the Stress preset sets an empty one to
   * STRESS_CONTEXT_WINDOW (so the Demo's 128k window shows every mechanism within a few messages);
   * Default clears that value.
   */
  contextWindow?: { text: string; set: (text: string) => void };
}) {
  const preset = (Object.keys(COMPACTION_PRESETS) as (keyof typeof COMPACTION_PRESETS)[]).find(
    (name) =>
      COMPACTION_FIELDS.every((f) => Number(draft[f.key]) === COMPACTION_PRESETS[name][f.key]),
  );
  return (
    <fieldset>
      <legend>Context compaction</legend>
      <label>
        Compaction preset
        <select
          value={preset ?? 'custom'}
          onChange={(e) => {
            const name = e.target.value as keyof typeof COMPACTION_PRESETS | 'custom';
            if (name === 'custom') return;
            // A preset sets the thresholds; "Keep specifics" stays as the person chose.
            onChange({
              ...toCompactionDraft(COMPACTION_PRESETS[name]),
              keepSpecifics: draft.keepSpecifics,
              specificsBudget: draft.specificsBudget,
            });
            // An override the person typed is theirs: the preset fills the window only when empty.
            if (name === 'stress') {
              if (contextWindow?.text.trim() === '')
                contextWindow.set(String(STRESS_CONTEXT_WINDOW));
            } else if (contextWindow?.text.trim() === String(STRESS_CONTEXT_WINDOW))
              contextWindow.set('');
          }}
        >
          <option value="default">Default (Deep Agents: 85% trigger)</option>
          <option value="stress">
            Stress ({STRESS_CONTEXT_WINDOW.toLocaleString('en-US')}-token window, 15% trigger: every
            mechanism within a few messages)
          </option>
          <option value="custom">Custom</option>
        </select>
      </label>
      <NumberFields fields={COMPACTION_FIELDS} value={draft} onChange={onChange} />
      <Toggle
        label="Keep specifics"
        checked={draft.keepSpecifics}
        onChange={(keepSpecifics) => onChange({ ...draft, keepSpecifics })}
        on="On: the summarizer is handed the specifics (numbers, codes, paths, names…) of what it summarizes, ranked, and those its summary still drops are kept beside it in a short Specifics block."
        off="Off: summaries are written as in Deep Agents. Turn on to hand the summarizer the specifics of what it summarizes and keep those it drops beside the summary."
      />
      {draft.keepSpecifics && (
        <NumberFields fields={[SPECIFICS_BUDGET_FIELD]} value={draft} onChange={onChange} />
      )}
    </fieldset>
  );
}
