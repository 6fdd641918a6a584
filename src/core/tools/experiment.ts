// User-defined experiment tools, for staging scenarios: a name, a description, a JSON schema for the
// arguments, and a result that is either fixed text or a template. Templates fill in arguments with
// {{name}} and can stage huge outputs with {{repeat:N:text}} and {{lines:N:text}}, so that offload,
// truncation and summarization can be triggered on purpose.

import { z } from 'zod';
import type { Tool } from '../agent/tool';
import type { ToolResult, ToolSchema } from '../agent/types';
import { FS_TOOL_NAMES } from '../fs/tools';
import { EXECUTE_TOOL_NAME } from './execute';

/** Names an experiment tool may not take. */
export const BUILT_IN_TOOL_NAMES: readonly string[] = [...FS_TOOL_NAMES, EXECUTE_TOOL_NAME];

export const EXPERIMENT_TOOL_NAME = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;
/** A template may not expand to more than this (the filesystem's file limit is 10 MB). */
export const MAX_EXPANDED_CHARS = 5_000_000;
const MAX_REPEAT = 1_000_000;

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'] as const;

const propertySchema = z
  .object({
    type: z.union([z.enum(JSON_TYPES), z.array(z.enum(JSON_TYPES)).min(1)]).optional(),
    description: z.string().max(2_000).optional(),
    enum: z.array(z.unknown()).max(1_000).optional(),
  })
  .loose();

const parametersSchema = z
  .object({
    type: z.literal('object'),
    properties: z.record(
      z.string().regex(/^[A-Za-z_][\w-]{0,63}$/, 'property names: letters, digits, _ and -'),
      propertySchema,
    ),
    required: z.array(z.string()).optional(),
    additionalProperties: z.boolean().optional(),
  })
  .refine((p) => (p.required ?? []).every((name) => name in p.properties), {
    message: 'every name in "required" must be one of the properties',
    path: ['required'],
  });

const resultSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('fixed'),
    text: z.string().max(MAX_EXPANDED_CHARS),
    /** Return the text as a tool error (to stage failures). */
    isError: z.boolean().optional(),
  }),
  z.object({
    mode: z.literal('template'),
    template: z.string().max(200_000),
    isError: z.boolean().optional(),
  }),
]);

export const experimentToolSchema = z.object({
  name: z
    .string()
    .regex(
      EXPERIMENT_TOOL_NAME,
      'a name starts with a letter or _, then up to 63 letters, digits, _ or -',
    )
    .refine((name) => !BUILT_IN_TOOL_NAMES.includes(name), {
      message: `this name belongs to a built-in tool (${BUILT_IN_TOOL_NAMES.join(', ')})`,
    }),
  description: z.string().trim().min(1, 'a description is needed').max(4_000),
  parameters: parametersSchema,
  result: resultSchema,
});

export type ExperimentToolDefinition = z.infer<typeof experimentToolSchema>;

/** A list of definitions, names unique. */
export const experimentToolListSchema = z
  .array(experimentToolSchema)
  .max(50)
  .superRefine((tools, ctx) => {
    const seen = new Set<string>();
    tools.forEach((tool, i) => {
      if (seen.has(tool.name))
        ctx.addIssue({
          code: 'custom',
          message: `two tools are named ${tool.name}`,
          path: [i, 'name'],
        });
      seen.add(tool.name);
    });
  });

/** Validates definitions (from settings, an import, the editor); readable problems otherwise. */
export function parseExperimentTools(
  value: unknown,
): { ok: true; tools: ExperimentToolDefinition[] } | { ok: false; problems: string[] } {
  const result = experimentToolListSchema.safeParse(value);
  if (result.success) return { ok: true, tools: result.data };
  return {
    ok: false,
    problems: result.error.issues.map(
      (issue) => `${issue.path.join('.') || 'tools'}: ${issue.message}`,
    ),
  };
}

export function createExperimentTool(definition: ExperimentToolDefinition): Tool {
  const schema: ToolSchema = {
    name: definition.name,
    description: definition.description,
    parameters: definition.parameters as ToolSchema['parameters'],
  };
  return {
    schema,
    async run(rawArgs): Promise<ToolResult> {
      const args = parseArgs(rawArgs);
      if (typeof args === 'string') return { content: `Error: ${args}`, isError: true };
      const problems = checkArgs(args, definition.parameters);
      if (problems.length > 0)
        return {
          content: `Error: invalid arguments for ${definition.name}: ${problems.join('; ')}.`,
          isError: true,
        };
      const { result } = definition;
      if (result.mode === 'fixed')
        return { content: result.text, ...(result.isError ? { isError: true } : {}) };
      const expanded = expandTemplate(result.template, args);
      if (!expanded.ok) return { content: `Error: ${expanded.error}`, isError: true };
      return { content: expanded.text, ...(result.isError ? { isError: true } : {}) };
    },
  };
}

function parseArgs(raw: unknown): Record<string, unknown> | string {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      return 'the arguments are not valid JSON.';
    }
  }
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    return 'the arguments must be a JSON object.';
  return value as Record<string, unknown>;
}

/** Checks required arguments, top-level types and enums (enough for staging; not full JSON Schema). */
export function checkArgs(
  args: Record<string, unknown>,
  parameters: ExperimentToolDefinition['parameters'],
): string[] {
  const problems: string[] = [];
  for (const name of parameters.required ?? [])
    if (args[name] === undefined) problems.push(`${name}: this argument is required`);
  for (const [name, value] of Object.entries(args)) {
    const property = parameters.properties[name];
    if (!property) {
      if (parameters.additionalProperties === false) problems.push(`${name}: unknown argument`);
      continue;
    }
    const types = property.type === undefined ? [] : [property.type].flat();
    if (types.length > 0 && !types.some((type) => hasType(value, type)))
      problems.push(`${name}: expected ${types.join(' or ')}`);
    if (
      property.enum &&
      !property.enum.some((option) => JSON.stringify(option) === JSON.stringify(value))
    )
      problems.push(
        `${name}: must be one of ${property.enum.map((o) => JSON.stringify(o)).join(', ')}`,
      );
  }
  return problems;
}

function hasType(value: unknown, type: (typeof JSON_TYPES)[number]): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

// The body of repeat/lines runs to the first "}}" outside balanced braces: it may hold {{name}}
// placeholders and {…} groups (JSON), and its spaces are kept as written.
const PLACEHOLDER =
  /\{\{\s*(?:(repeat|lines):\s*([A-Za-z0-9_-]+)\s*:((?:\{\{[^{}]*\}\}|\{[^{}]*\}|[^{}])*?)\}\}|([A-Za-z_][\w-]*)\s*\}\})/g;

/**
 * Fills a template:
 * - {{name}}: the argument (text as is, other values as JSON; missing: empty);
 * - {{repeat:N:text}}: text N times (N a number or the name of an argument; "\n" is a newline);
 * - {{lines:N:text}}: N numbered lines "text 1" … "text N", handy for reading back in slices.
 * Text inside repeat/lines may hold {{name}} placeholders; its braces must balance.
 */
export function expandTemplate(
  template: string,
  args: Record<string, unknown>,
): { ok: true; text: string } | { ok: false; error: string } {
  const value = (name: string) => {
    const v = args[name];
    if (v === undefined) return '';
    return typeof v === 'string' ? v : JSON.stringify(v);
  };
  const fill = (text: string) =>
    text.replace(/\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g, (_m, name: string) => value(name));
  let error: string | undefined;
  let size = 0;
  const text = template.replace(
    PLACEHOLDER,
    (
      _match,
      kind: string | undefined,
      countText: string | undefined,
      body: string | undefined,
      name: string | undefined,
    ) => {
      if (error) return '';
      if (name !== undefined) {
        const filled = value(name);
        size += filled.length;
        return filled;
      }
      // A count is a number or an argument's name (a missing optional argument counts 0).
      const arg = args[countText ?? ''];
      const count = /^\d+$/.test(countText ?? '')
        ? Number(countText)
        : arg === undefined
          ? 0
          : Number(arg);
      if (!Number.isInteger(count) || count < 0 || count > MAX_REPEAT) {
        error = `{{${kind}:${countText}:…}} needs a whole number from 0 to ${MAX_REPEAT.toLocaleString('en-US')}.`;
        return '';
      }
      const unit = fill((body ?? '').replace(/\\n/g, '\n'));
      const expected = kind === 'repeat' ? unit.length * count : (unit.length + 8) * count;
      if (size + expected > MAX_EXPANDED_CHARS) {
        error = `the template would expand to more than ${MAX_EXPANDED_CHARS.toLocaleString('en-US')} characters.`;
        return '';
      }
      const out =
        kind === 'repeat'
          ? unit.repeat(count)
          : Array.from({ length: count }, (_, i) => `${unit} ${i + 1}`).join('\n');
      size += out.length;
      return out;
    },
  );
  if (error) return { ok: false, error };
  if (text.length > MAX_EXPANDED_CHARS)
    return {
      ok: false,
      error: `the template would expand to more than ${MAX_EXPANDED_CHARS.toLocaleString('en-US')} characters.`,
    };
  return { ok: true, text };
}
