// The tools' names and arguments: lenient parsing of what models send (null, numbers and booleans
// as strings), a clear message for what does not parse, and the path argument resolved.

import { z } from 'zod';
import { relativePathNote, resolveToolPath } from '../tool-paths';
import { DEFAULT_READ_LIMIT, DEFAULT_READ_OFFSET } from './format';

export const FS_TOOL_NAMES = [
  'ls',
  'read_file',
  'write_file',
  'edit_file',
  'glob',
  'grep',
] as const;
export type FsToolName = (typeof FS_TOOL_NAMES)[number];

// ---- argument parsing ----

/** Models sometimes send null for "not given" and numbers or booleans as strings; accept those. */
function nullToUndefined(value: unknown): unknown {
  return value === null ? undefined : value;
}
function intArg(min: number, fallback: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : nullToUndefined(v)),
    z.number().int().min(min).default(fallback),
  );
}
const boolArg = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : nullToUndefined(v)),
  z.boolean().default(false),
);
const optionalPath = z.preprocess(nullToUndefined, z.string().default('/'));

const argSchemas = {
  ls: z.object({ path: optionalPath }),
  read_file: z.object({
    file_path: z.string(),
    offset: intArg(0, DEFAULT_READ_OFFSET),
    limit: intArg(1, DEFAULT_READ_LIMIT),
  }),
  write_file: z.object({ file_path: z.string(), content: z.string() }),
  edit_file: z.object({
    file_path: z.string(),
    old_string: z.string(),
    new_string: z.string(),
    replace_all: boolArg,
  }),
  glob: z.object({ pattern: z.string().min(1, 'the pattern is empty'), path: optionalPath }),
  grep: z.object({
    pattern: z.string().min(1, 'the pattern is empty'),
    path: optionalPath,
    glob: z.preprocess(nullToUndefined, z.string().optional()),
    output_mode: z.preprocess(
      nullToUndefined,
      z.enum(['files_with_matches', 'content', 'count']).default('files_with_matches'),
    ),
  }),
} satisfies Record<FsToolName, z.ZodType>;

export type Args<N extends FsToolName> = z.output<(typeof argSchemas)[N]>;

export class ToolInputError extends Error {}

export function parseArgs<N extends FsToolName>(name: N, raw: unknown): Args<N> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      throw new ToolInputError(`the arguments for ${name} are not valid JSON.`);
    }
  }
  if (value === undefined || value === null) value = {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ToolInputError(`the arguments for ${name} must be a JSON object.`);
  }
  const result = argSchemas[name].safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'arguments';
      const missing =
        issue.code === 'invalid_type' &&
        (value as Record<string, unknown>)[String(issue.path[0])] === undefined;
      return `${where}: ${missing ? 'this argument is required' : issue.message}`;
    });
    throw new ToolInputError(`invalid arguments for ${name}: ${problems.join('; ')}.`);
  }
  return result.data as Args<N>;
}

/** The argument of each tool that names a path, and whether it must name a file. */
const PATH_ARGUMENTS: { [N in FsToolName]: { key: keyof Args<N> & string; file: boolean } } = {
  ls: { key: 'path', file: false },
  read_file: { key: 'file_path', file: true },
  write_file: { key: 'file_path', file: true },
  edit_file: { key: 'file_path', file: true },
  glob: { key: 'path', file: false },
  grep: { key: 'path', file: false },
};

/** Resolves the tool's path argument; `note` is set when the model gave a relative one. */
export function withResolvedPath<N extends FsToolName>(
  name: N,
  args: Args<N>,
): { args: Args<N>; note?: string } {
  const { key, file } = PATH_ARGUMENTS[name];
  const { path, relative } = resolveToolPath(args[key], file);
  const resolved = { ...args, [key]: path } as Args<N>;
  return relative === undefined
    ? { args: resolved }
    : { args: resolved, note: relativePathNote(relative, path) };
}
