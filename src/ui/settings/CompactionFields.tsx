import {
  COMPACTION_PRESETS,
  STRESS_CONTEXT_WINDOW,
  type CompactionSettings,
} from '../../core/compaction/settings';
import { NumberField, parseInRange, type Range } from './NumberField';

export type CompactionDraft = Record<keyof CompactionSettings, string>;

export const COMPACTION_FIELDS: {
  key: keyof CompactionSettings;
  label: string;
  range: Range;
  hint: string;
}[] = [
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

export function toCompactionDraft(settings: CompactionSettings): CompactionDraft {
  return {
    offloadTokens: String(settings.offloadTokens),
    triggerFraction: String(settings.triggerFraction),
    keepFraction: String(settings.keepFraction),
    truncateArgChars: String(settings.truncateArgChars),
  };
}

export function parseCompactionDraft(draft: CompactionDraft): {
  settings?: CompactionSettings;
  problems: string[];
} {
  const problems: string[] = [];
  const out: Partial<CompactionSettings> = {};
  for (const field of COMPACTION_FIELDS) {
    const parsed = parseInRange(field.label, draft[field.key], field.range);
    if (typeof parsed === 'string') problems.push(parsed);
    else out[field.key] = parsed;
  }
  return problems.length ? { problems } : { settings: out as CompactionSettings, problems };
}

export function CompactionFields({
  draft,
  onChange,
  contextWindow,
}: {
  draft: CompactionDraft;
  onChange: (d: CompactionDraft) => void;
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
            onChange(toCompactionDraft(COMPACTION_PRESETS[name]));
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
      {COMPACTION_FIELDS.map((field) => (
        <NumberField
          key={field.key}
          label={field.label}
          value={draft[field.key]}
          hint={field.hint}
          onChange={(text) => onChange({ ...draft, [field.key]: text })}
        />
      ))}
    </fieldset>
  );
}
