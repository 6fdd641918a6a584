import type { ExperimentToolDefinition } from '../../core/tools/experiment';
import { parseExperimentTools, errorText } from '../../state/views/settings';
import type { FieldProps } from './NumberField';

export const EXPERIMENT_EXAMPLE: ExperimentToolDefinition[] = [
  {
    name: 'fetch_report',
    description: 'Returns the quarterly report for a team (staged: a very long text).',
    parameters: { type: 'object', properties: { team: { type: 'string' } }, required: ['team'] },
    result: {
      mode: 'template',
      template: 'Report for {{team}}\n{{lines:3000:Revenue line for {{team}}}}',
    },
  },
];

/** Parses the JSON text of the experiment tools; problems name the tool and field. */
export function parseExperimentText(text: string): {
  tools?: ExperimentToolDefinition[];
  problems: string[];
} {
  if (!text.trim()) return { tools: [], problems: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      problems: [`Experiment tools: not valid JSON (${errorText(error)}).`],
    };
  }
  const parsed = parseExperimentTools(value);
  return parsed.ok
    ? { tools: parsed.tools, problems: [] }
    : { problems: parsed.problems.map((p) => `Experiment tools: ${p}`) };
}

export function ExperimentToolsField({ value: text, onChange }: FieldProps<string>) {
  return (
    <fieldset>
      <legend>Experiment tools</legend>
      <label>
        Experiment tools (JSON)
        <textarea
          rows={6}
          spellCheck={false}
          value={text}
          placeholder={JSON.stringify(EXPERIMENT_EXAMPLE, null, 2)}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      <p className="hint">
        A JSON array of tools the agent can call: name, description, a JSON schema for the
        parameters, and a fixed result (<code>{'{"mode":"fixed","text":"…"}'}</code>) or a template
        with <code>{'{{arg}}'}</code>, <code>{'{{repeat:N|arg:text}}'}</code> and{' '}
        <code>{'{{lines:N:text}}'}</code> to stage large outputs.{' '}
        <button type="button" onClick={() => onChange(JSON.stringify(EXPERIMENT_EXAMPLE, null, 2))}>
          Insert example
        </button>
      </p>
    </fieldset>
  );
}
