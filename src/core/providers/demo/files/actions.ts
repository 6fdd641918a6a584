// The file actions: list, read, open by a bare name (glob, then read_file), locate, search, glob.
// Each reports its tool's result in plain words.

import { SUGGEST, failure, toolAction } from '../common';
import { codeBlock, nonEmptyLines, plural, stringArg } from '../text';
import { failed, hasTool, type Action, type Exchange, type TurnContext } from '../turn';
import { noResult, pathList } from './reports';

export function listAction(path: string, context: TurnContext): Action {
  return toolAction(
    context,
    { name: 'ls', args: { path }, intro: `Listing ${path} with ls.` },
    (done) => {
      if (failed(done)) return failure(done);
      const entries = noResult(done.result.content) ? [] : pathList(done.result.content);
      const where = path === '/' ? 'The workspace (/)' : path;
      if (entries.length === 0)
        return { text: `${where} is empty.`, suggestions: path === '/' ? [] : [SUGGEST.files] };
      const folders = entries.filter((entry) => entry.endsWith('/'));
      const files = entries.filter((entry) => !entry.endsWith('/'));
      const shown = [...folders, ...files]
        .slice(0, 15)
        .map((entry) => `- \`${entry}\`${entry.endsWith('/') ? ' (folder)' : ''}`);
      const more =
        entries.length > shown.length ? `\n- … and ${entries.length - shown.length} more` : '';
      const counts = [
        files.length > 0 ? `${files.length} file${plural(files.length)}` : '',
        folders.length > 0 ? `${folders.length} folder${plural(folders.length)}` : '',
      ]
        .filter(Boolean)
        .join(' and ');
      const suggestions: string[] = [];
      const folder =
        folders.find((entry) => entry !== '/memories/' && entry !== '/large_tool_results/') ??
        folders[0];
      if (folder) suggestions.push(`List the files in ${folder.replace(/\/$/, '')}`);
      const file = files.find((entry) => !/AGENTS\.md$/.test(entry)) ?? files[0];
      if (file) suggestions.push(`Open ${file}`);
      return { text: `${where} has ${counts}:\n\n${shown.join('\n')}${more}`, suggestions };
    },
  );
}

const READ_LINES = 15;

function readReport(
  done: Exchange,
  note?: string,
  found?: string,
): { text: string; suggestions?: string[] } {
  if (failed(done)) return failure(done);
  const path = stringArg(done.args, 'file_path') ?? 'the file';
  const lines = done.result.content.split('\n').filter((line) => !/^\[Showing lines/.test(line));
  const numbered = lines.filter((line) => /^\s*\d+(?:\.\d+)?\t/.test(line));
  const body = (numbered.length > 0 ? numbered : lines).map((line) =>
    line.replace(/^\s*\d+(?:\.\d+)?\t/, ''),
  );
  while (body.length > 0 && body.at(-1)?.trim() === '') body.pop();
  const shown = body.slice(0, READ_LINES);
  const head = [
    note ?? '',
    body.length <= READ_LINES
      ? `${found ? 'Found ' : ''}${path} (${body.length} line${plural(body.length)}):`
      : `${found ? 'Found ' : ''}${path}: the first ${READ_LINES} of ${body.length} lines:`,
  ]
    .filter(Boolean)
    .join(' ');
  if (
    body.length === 0 ||
    (/system-reminder|is empty/i.test(done.result.content) && body.length <= 1)
  )
    return { text: `${found ? `Found ${path}. ` : ''}${path} is empty.` };
  return { text: `${head}\n\n${codeBlock(shown.join('\n'))}` };
}

export function readAction(path: string, context: TurnContext, note?: string): Action {
  return toolAction(
    context,
    { name: 'read_file', args: { file_path: path }, intro: `Reading ${path} with read_file.` },
    (done) => readReport(done, note),
  );
}

/** A glob pattern that finds a bare name in any folder, in its usual spellings. */
export function namePattern(name: string): string {
  const hasExtension = /\.[A-Za-z0-9]{1,10}$/.test(name);
  const variants = [
    ...new Set([
      name,
      name.toLowerCase(),
      name.toUpperCase(),
      `${name.charAt(0).toUpperCase()}${name.slice(1).toLowerCase()}`,
      // "readme.md" finds README.md: an upper-case name keeps a lower-case extension.
      ...(hasExtension
        ? [
            name.replace(
              /^(.*)(\.[^.]+)$/,
              (_, stem: string, ext: string) => `${stem.toUpperCase()}${ext.toLowerCase()}`,
            ),
          ]
        : []),
    ]),
  ].map((variant) => variant.replace(/[*?[\]{},\\]/g, ''));
  const stems = variants.length === 1 ? variants[0]! : `{${variants.join(',')}}`;
  return hasExtension ? `**/${stems}` : `**/${stems}*`;
}

/** The paths a glob found for a name, best first: same name, same name without extension, others. */
function rank(name: string, paths: readonly string[], mine: boolean): string[] {
  const lower = name.toLowerCase();
  const base = (path: string) => path.split('/').at(-1)?.toLowerCase() ?? '';
  const score = (path: string) => {
    const b = base(path);
    let s = b === lower ? 3 : b.replace(/\.[^.]+$/, '') === lower ? 2 : 1;
    if (mine && path.startsWith('/memories/')) s += 0.5;
    if (
      !mine &&
      !path.startsWith('/memories/') &&
      !path.startsWith('/large_tool_results/') &&
      !path.startsWith('/conversation_history/')
    )
      s += 0.25;
    return s;
  };
  return [...paths]
    .filter((p) => !p.endsWith('/'))
    .sort((a, b) => score(b) - score(a) || a.length - b.length || a.localeCompare(b));
}

/** "open todo.md": a glob for the name, then read_file on the match (or a question when several). */
/**
 * "open todo.md", "open the todo list in the notes folder": a glob for the name (in the folder
 * first, when one is named, then in the whole workspace if the folder has none), then read_file on
 * the best match, or a question when several are named the same.
 */
export function openAction(
  name: string,
  mine: boolean,
  context: TurnContext,
  note?: string,
  folder?: string,
): Action {
  const pattern = namePattern(name);
  const globs = folder ? 2 : 1;
  const found = (glob: Exchange) =>
    failed(glob) || noResult(glob.result.content)
      ? []
      : rank(name, pathList(glob.result.content), mine);
  return {
    accepts: (taken, next) =>
      next.call.name === 'glob'
        ? taken.length < globs &&
          taken.every((t) => t.call.name === 'glob' && found(t).length === 0)
        : next.call.name === 'read_file' && taken.length > 0 && taken.length <= globs,
    step(done) {
      const read = done.find((exchange) => exchange.call.name === 'read_file');
      const searched = done.filter((exchange) => exchange.call.name === 'glob');
      const missed =
        folder && searched.length === 2
          ? `No file named “${name}” in ${folder}; this is the one in the workspace.`
          : undefined;
      if (read)
        return readReport(read, [note, missed].filter(Boolean).join(' ') || undefined, 'found');
      const glob = searched.at(-1);
      if (!glob) {
        if (!hasTool(context, 'glob') || !hasTool(context, 'read_file'))
          return {
            text: 'The glob and read_file tools are not available in this thread, so I cannot open files here.',
          };
        return {
          call: {
            name: 'glob',
            args: { pattern, ...(folder ? { path: folder } : {}) },
            intro: `Looking for ${name} in ${folder ?? 'the workspace'} with glob.`,
          },
        };
      }
      const paths = found(glob);
      if (paths.length === 0 && searched.length < globs)
        return {
          call: {
            name: 'glob',
            args: { pattern },
            intro: `No ${name} in ${folder}; looking in the whole workspace with glob.`,
          },
        };
      if (failed(glob)) return failure(glob);
      if (paths.length === 0)
        return {
          text: `I found no file named “${name}” in ${folder ? `${folder} or anywhere in ` : ''}the workspace.`,
          suggestions: [SUGGEST.files],
        };
      const best = paths[0]!;
      const exact = paths.filter(
        (p) => (p.split('/').at(-1) ?? '').toLowerCase() === name.toLowerCase(),
      );
      const tied = exact.length > 1 && !mine ? exact : [];
      if (tied.length > 1) {
        return {
          text: `${tied.length} files are named ${name}: ${tied.map((p) => `\`${p}\``).join(', ')}. Which one?`,
          suggestions: tied.slice(0, 3).map((p) => `Open ${p}`),
        };
      }
      return {
        call: {
          name: 'read_file',
          args: { file_path: best },
          intro: `Reading ${best} with read_file.`,
        },
      };
    },
  };
}

export function locateAction(name: string, context: TurnContext): Action {
  return toolAction(
    context,
    { name: 'glob', args: { pattern: namePattern(name) }, intro: `Looking for ${name} with glob.` },
    (done) => {
      if (failed(done)) return failure(done);
      const paths = rank(
        name,
        noResult(done.result.content) ? [] : pathList(done.result.content),
        false,
      );
      if (paths.length === 0)
        return {
          text: `I found no file named “${name}” in the workspace.`,
          suggestions: [SUGGEST.files],
        };
      return {
        text: `Found ${paths.length === 1 ? '' : `${paths.length} files: `}${paths
          .slice(0, 10)
          .map((p) => `\`${p}\``)
          .join(', ')}.`,
        suggestions: paths.slice(0, 2).map((p) => `Open ${p}`),
      };
    },
  );
}

export function searchAction(
  pattern: string,
  path: string | undefined,
  context: TurnContext,
  name?: string,
): Action {
  // A file by name ("the README"): grep's glob filters file names, in the usual spellings.
  const glob = name ? namePattern(name).replace(/^\*\*\//, '') : undefined;
  const args: Record<string, unknown> = {
    pattern,
    output_mode: 'content',
    ...(path ? { path } : {}),
    ...(glob ? { glob } : {}),
  };
  const where = path ?? (name ? `the files named ${name}` : undefined);
  return toolAction(
    context,
    {
      name: 'grep',
      args,
      intro: `Searching${where ? ` ${where}` : ''} for “${pattern}” with grep.`,
    },
    (done) => {
      if (failed(done)) return failure(done);
      const lines = noResult(done.result.content) ? [] : nonEmptyLines(done.result.content);
      const matches = lines.filter((line) => /^\s+\d+:/.test(line));
      const files = lines
        .filter((line) => !/^\s+\d+:/.test(line))
        .map((line) => line.replace(/:$/, ''));
      if (lines.length === 0)
        return {
          text: `No matches for “${pattern}”${where ? ` in ${where}` : ''}.`,
          suggestions: [SUGGEST.files],
        };
      const count = matches.length > 0 ? matches.length : lines.length;
      const shown = lines.slice(0, 12);
      return {
        text: `${count} line${plural(count)} matched “${pattern}”${files.length > 0 ? ` in ${files.length} file${plural(files.length)}` : ''}:\n\n${codeBlock(shown.join('\n'))}${lines.length > shown.length ? `\n\n… and ${lines.length - shown.length} more lines.` : ''}`,
        suggestions: files.slice(0, 2).map((f) => `Open ${f}`),
      };
    },
  );
}

export function globAction(
  pattern: string,
  path: string | undefined,
  context: TurnContext,
): Action {
  const args: Record<string, unknown> = { pattern, ...(path ? { path } : {}) };
  return toolAction(
    context,
    { name: 'glob', args, intro: `Looking for files matching ${pattern} with glob.` },
    (done) => {
      if (failed(done)) return failure(done);
      const entries = noResult(done.result.content) ? [] : pathList(done.result.content);
      if (entries.length === 0)
        return { text: `No files match ${pattern}.`, suggestions: [SUGGEST.files] };
      const shown = entries.slice(0, 15).map((entry) => `- \`${entry}\``);
      const more =
        entries.length > shown.length ? `\n- … and ${entries.length - shown.length} more` : '';
      return {
        text: `${entries.length} file${plural(entries.length)} match${entries.length === 1 ? 'es' : ''} ${pattern}:\n\n${shown.join('\n')}${more}`,
        suggestions: entries.slice(0, 1).map((entry) => `Open ${entry}`),
      };
    },
  );
}
