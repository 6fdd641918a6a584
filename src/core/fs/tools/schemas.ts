// The tools as the model sees them: descriptions in our own words and JSON-schema parameters.

import type { ToolSchema } from '../../agent/types';
import type { FsToolName } from './args';
import { DEFAULT_READ_LIMIT, DEFAULT_READ_OFFSET } from './format';

// ---- schemas shown to the model (descriptions in our own words) ----

export const descriptions: Record<FsToolName, string> = {
  ls: `Lists the files and directories directly inside a directory. Directories end with a slash.

Use it to explore the filesystem and find the right file before you read or edit one. The path must be absolute (start with /).`,
  read_file: `Reads a text file and returns its lines numbered like cat -n (numbering starts at 1).

Usage:
- file_path must be absolute (start with /). Reading a file that does not exist just returns an error.
- By default up to 100 lines are returned from the start of the file. Page through longer files with offset (0-based line to start from) and limit (number of lines), e.g. offset=100, limit=100 for the next page. The result says when lines remain.
- Lines longer than 5,000 characters are split into continuation rows numbered 12.1, 12.2, ...; limit counts source lines only.
- A file that exists but is empty returns a system reminder instead of content.
- Read a file before you edit it. Several files that may all be useful can be read in one turn.`,
  write_file: `Creates a new file with the given content.

Usage:
- file_path must be absolute (start with /).
- It fails if the file already exists: to change an existing file, read it and use edit_file.
- Prefer editing existing files over creating new ones.`,
  edit_file: `Replaces exact text in an existing file.

Usage:
- Read the file first. Copy old_string exactly as it appears in the file, with the same indentation, and without the line-number prefix that read_file shows.
- old_string must occur exactly once, unless replace_all is true, which replaces every occurrence. If it occurs more than once, include more surrounding text to make it unique.
- new_string must differ from old_string.
- If the file was changed elsewhere at the same moment (for example in another tab), nothing is changed and a conflict error is returned: read the file again and retry.`,
  glob: `Finds files whose path matches a glob pattern and returns their absolute paths.

Syntax: * (any characters within one path segment), ** (any number of directories), ? (one character), {a,b} (either alternative), [abc] (one of the characters). A pattern without / matches file names at any depth under path (default /); one with / matches paths relative to path, and a leading / keeps it at the top of path. Names starting with a dot match only if the pattern writes the dot.

Examples:
- *.md: every Markdown file
- /*.md: Markdown files directly in path
- memories/**: everything under /memories`,
  grep: `Searches file contents for a literal text and returns the matching files, lines or counts.

The pattern is plain text, not a regular expression: characters such as ( ) [ ] | . * are matched as written.

Usage:
- path: the directory (or a single file) to search; default / (everything).
- glob: optional filter on file names, e.g. *.md or *.{md,txt}.
- output_mode: files_with_matches (default: the paths of matching files), content (matching lines with their line numbers, grouped by file), or count (number of matching lines per file).

Examples: grep(pattern="TODO"); grep(pattern="prefers", glob="*.md", output_mode="content")`,
};

const pathProperty = (what: string) => ({
  type: 'string',
  description: `${what} Must be absolute (start with /).`,
});

export const parameters: Record<FsToolName, ToolSchema['parameters']> = {
  ls: {
    type: 'object',
    properties: {
      path: { ...pathProperty('Directory to list, e.g. / or /memories.'), default: '/' },
    },
    required: ['path'],
  },
  read_file: {
    type: 'object',
    properties: {
      file_path: pathProperty('File to read.'),
      offset: {
        type: 'integer',
        minimum: 0,
        default: DEFAULT_READ_OFFSET,
        description: 'Line to start reading from (0-based).',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        default: DEFAULT_READ_LIMIT,
        description: 'Maximum number of lines to read.',
      },
    },
    required: ['file_path'],
  },
  write_file: {
    type: 'object',
    properties: {
      file_path: pathProperty('Where to create the file.'),
      content: { type: 'string', description: 'The text to write.' },
    },
    required: ['file_path', 'content'],
  },
  edit_file: {
    type: 'object',
    properties: {
      file_path: pathProperty('File to edit.'),
      old_string: {
        type: 'string',
        description:
          'Exact text to replace; must be unique in the file unless replace_all is true.',
      },
      new_string: {
        type: 'string',
        description: 'Text to put in its place; must differ from old_string.',
      },
      replace_all: {
        type: 'boolean',
        default: false,
        description: 'Replace every occurrence instead of exactly one.',
      },
    },
    required: ['file_path', 'old_string', 'new_string'],
  },
  glob: {
    type: 'object',
    properties: {
      pattern: {
        type: 'string',
        description: "Glob pattern, e.g. '*.md', '/*.txt', 'memories/**'.",
      },
      path: { ...pathProperty('Directory to search from.'), default: '/' },
    },
    required: ['pattern'],
  },
  grep: {
    type: 'object',
    properties: {
      pattern: {
        type: 'string',
        description: 'Text to search for (literal, not a regular expression).',
      },
      path: { ...pathProperty('Directory or file to search.'), default: '/' },
      glob: {
        type: 'string',
        description: "Only search files whose name matches this glob, e.g. '*.md'.",
      },
      output_mode: {
        type: 'string',
        enum: ['files_with_matches', 'content', 'count'],
        default: 'files_with_matches',
        description:
          "'files_with_matches' (paths only), 'content' (matching lines), or 'count' (matches per file).",
      },
    },
    required: ['pattern'],
  },
};
