// User-defined experiment tools, for staging scenarios: a name, a description, a JSON schema for the
// arguments, and a result that is either fixed text or a template. Templates fill in arguments with
// {{name}} and can stage huge outputs with {{repeat:N:text}} and {{lines:N:text}}, so that offload,
// truncation and summarization can be triggered on purpose.

import { z } from 'zod';
import type { Tool } from '../agent/tool';
import type { ToolResult, ToolSchema } from '../agent/types';
import { FS_TOOL_NAMES } from '../fs/tools';
import { BOUNDS } from '../limits';
import { zodProblems } from '../text/errors';
import { EXECUTE_TOOL_NAME } from './execute';

/** Names an experiment tool may not take. */
export const BUILT_IN_TOOL_NAMES: readonly string[] = [...FS_TOOL_NAMES, EXECUTE_TOOL_NAME];

export const EXPERIMENT_TOOL_NAME = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;
/** A template may not expand to more than this (the filesystem's file limit is 10 MB). */
export const MAX_EXPANDED_CHARS = BOUNDS.templateExpandedChars.value;
const MAX_REPEAT = BOUNDS.templateRepeat.value;
const MAX_TEMPLATE_CHARS = BOUNDS.templateChars.value;

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
    template: z.string().max(MAX_TEMPLATE_CHARS),
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
  .max(BOUNDS.experimentTools.value)
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
  return { ok: false, problems: zodProblems(result.error, 'tools') };
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
 *
 * The output is checked against MAX_EXPANDED_CHARS as it grows, before each piece is added, so an
 * oversized result is refused without ever being built (a template of 40,000 {{name}} with a
 * megabyte argument would be 40 GB: the engine's "Invalid string length" after seconds).
 */
export function expandTemplate(
  template: string,
  args: Record<string, unknown>,
): { ok: true; text: string } | { ok: false; error: string } {
  const tooBig = {
    ok: false as const,
    error: `the template would expand to more than ${MAX_EXPANDED_CHARS.toLocaleString('en-US')} characters.`,
  };
  const value = (name: string) => {
    const v = args[name];
    if (v === undefined) return '';
    return typeof v === 'string' ? v : JSON.stringify(v);
  };
  const parts: string[] = [];
  let size = 0;
  /** Adds a piece if it fits; false when the output would pass the limit. */
  const add = (piece: string): boolean => {
    if (piece.length > MAX_EXPANDED_CHARS - size) return false;
    parts.push(piece);
    size += piece.length;
    return true;
  };
  /** The body of repeat/lines with its {{name}} filled, or undefined past `room` characters. */
  const fill = (text: string, room: number): string | undefined => {
    const pieces: string[] = [];
    let length = 0;
    let last = 0;
    for (const match of text.matchAll(/\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g)) {
      const literal = text.slice(last, match.index);
      const filled = value(match[1]!);
      length += literal.length + filled.length;
      if (length > room) return undefined;
      pieces.push(literal, filled);
      last = match.index + match[0].length;
    }
    length += text.length - last;
    if (length > room) return undefined;
    pieces.push(text.slice(last));
    return pieces.join('');
  };

  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (!add(template.slice(last, match.index))) return tooBig;
    last = match.index + match[0].length;
    const [, kind, countText, body, name] = match;
    if (name !== undefined) {
      if (!add(value(name))) return tooBig;
      continue;
    }
    // A count is a number or an argument's name (a missing optional argument counts 0).
    const arg = args[countText ?? ''];
    const count = /^\d+$/.test(countText ?? '')
      ? Number(countText)
      : arg === undefined
        ? 0
        : Number(arg);
    if (!Number.isInteger(count) || count < 0 || count > MAX_REPEAT)
      return {
        ok: false,
        error: `{{${kind}:${countText}:…}} needs a whole number from 0 to ${MAX_REPEAT.toLocaleString('en-US')}.`,
      };
    if (count === 0) continue;
    const room = MAX_EXPANDED_CHARS - size;
    const unit = fill((body ?? '').replace(/\\n/g, '\n'), room);
    if (unit === undefined) return tooBig;
    if (kind === 'repeat') {
      // unit × count is known before anything is built.
      if (unit.length * count > room) return tooBig;
      add(unit.repeat(count));
    } else {
      for (let i = 1; i <= count; i++) if (!add(`${i > 1 ? '\n' : ''}${unit} ${i}`)) return tooBig;
    }
  }
  if (!add(template.slice(last))) return tooBig;
  return { ok: true, text: parts.join('') };
}
