// File requests: a listing, a file to read by path or by a bare name, a search, a glob. Each
// pattern gives the path or name it found as a slot.

import { END, normalise } from '../language';
import type { Intent } from '../intents';

// --- Words ----------------------------------------------------------------------------------------

const ARTICLES = /^(?:the|a|an|my|our|your|this|that|these|those|its)\s+/i;

/** File names everyone knows without an extension. */
export const KNOWN_FILES =
  /^(?:readme|todo|todos|license|licence|changelog|contributing|agents|makefile|dockerfile|package\.json|tsconfig)$/i;
const EXTENSIONS: Record<string, string> = {
  markdown: 'md',
  md: 'md',
  typescript: 'ts',
  ts: 'ts',
  javascript: 'js',
  js: 'js',
  json: 'json',
  text: 'txt',
  txt: 'txt',
  python: 'py',
  css: 'css',
  html: 'html',
  yaml: 'yaml',
};

function stripArticles(text: string): string {
  let out = text.trim();
  while (ARTICLES.test(out)) out = out.replace(ARTICLES, '');
  return out;
}

export function isFileName(word: string): boolean {
  return /^[\w@+-][\w.@+-]*\.[A-Za-z0-9]{1,10}$/.test(word) || KNOWN_FILES.test(word);
}

export function clean(text: string): string {
  return text
    .replace(/^["'`]+|["'`]+$/g, '')
    .replace(/[,;:!?]+$/, '')
    .replace(/\.+$/, (dots) => (dots.length > 1 ? dots : ''))
    .trim();
}

function absolute(path: string): string {
  const p = clean(path);
  return p.startsWith('/') ? p : `/${p}`;
}

const WORKSPACE =
  /^(?:(?:the\s+)?(?:whole\s+|entire\s+|current\s+)?(?:workspace|root|project|file\s*system|files|everything|all|top\s+level|top-level|current\s+(?:folder|directory)|playground|vfs)(?:\s+(?:folder|directory|dir|root|files|contents))?|\/|here|there)$/i;

/** A folder named in a list request, as an absolute path; undefined when it is not one. */
export function folderOf(raw: string | undefined): string | undefined {
  let text = clean(raw ?? '')
    .replace(/^(?:in|inside|under|within|of|at|from|on)\s+/i, '')
    .trim();
  text = stripArticles(text);
  if (text === '' || WORKSPACE.test(text)) return '/';
  // "/README.md" is a file, not a folder.
  if (text.startsWith('/'))
    return /\s/.test(text) || isFileName(text.split('/').pop() ?? '') ? undefined : text;
  text = text
    .replace(/\s+(?:folder|directory|dir|files|contents)$/i, '')
    .replace(/^(?:folder|directory|dir)\s+/i, '')
    .trim();
  if (/^(?:memory|memories|memory\s+files?)$/i.test(text)) return '/memories';
  // "src/forecast.ts" is a file in a folder: its last segment decides.
  const last = text.replace(/\/$/, '').split('/').pop() ?? '';
  if (/^[\w.@+-]+(?:\/[\w.@+-]+)*\/?$/.test(text) && !isFileName(last)) return `/${text}`;
  return undefined;
}

interface FileTarget {
  path?: string;
  name?: string;
  mine: boolean;
}

/** The file a read request names: a path, or a bare name ("todo.md", "the README", "todo list"). */
export function fileTarget(raw: string): FileTarget | undefined {
  const text = clean(raw);
  const mine = /^(?:my|our)\b/i.test(text);
  let rest = stripArticles(text)
    .replace(/^(?:contents?\s+of\s+|file\s+)/i, '')
    // "the readme's contents": the file itself.
    .replace(/['’]s\s+(?:contents?|text|lines)$/i, '')
    .replace(/\s+(?:file|document|doc|page|contents?)$/i, '');
  rest = stripArticles(rest);
  if (/^(?:memory|memories|memory\s+file)$/i.test(rest) && (mine || /\bfile\b/i.test(text)))
    return { path: '/memories/AGENTS.md', mine };
  if (/^(?:project\s+)(?:memory|agents\.md|agents)$/i.test(rest))
    return { path: '/AGENTS.md', mine };
  if (rest.includes('/') && !/\s/.test(rest)) return { path: absolute(rest), mine };
  const words = rest.split(/\s+/).filter(Boolean);
  // "todo list", "weather notes": the telling word is the first that is not generic.
  const telling = words.filter(
    (w) => !/^(?:list|notes?|file|doc|document|page|code|source|script|module|config)$/i.test(w),
  );
  if (words.length === 1) return { name: words[0]!, mine };
  if (telling.length === 1 && words.length <= 3) return { name: telling[0]!, mine };
  return undefined;
}

const LIST_NOUNS = String.raw`(?:(?:folder|file|directory|dir|project|workspace)\s+(?:structure|tree|layout|hierarchy|listing)|files?|documents?|docs|contents?|entries|folders?|directories|directory|things|stuff|everything)`;
const LIST_PATTERNS: RegExp[] = [
  /^(?:ls|dir|tree|ll)(?:\s+-\w+)*(?:\s+(\S+))?$/i,
  new RegExp(
    String.raw`^(?:list|show|display|view|see|browse|give\s+me|get|print|tell\s+me|what\s+are|enumerate)(?:\s+me)?\s+(?:(?:all|the|my|your|every|of|our)\s+)*${LIST_NOUNS}(?:\s+(?:that\s+)?(?:are|is|there|you\s+have|I\s+have|we\s+have|exist|available|you\s+can\s+see|you\s+see))*(?:\s+(?:(?:in|under|inside|within|of|at|from|on)\s+)?(.+?))?${END}`,
    'i',
  ),
  /^list(?:\s+(?:the\s+)?(?:contents?\s+of\s+)?(.+?))?\s*\??$/i,
  new RegExp(
    String.raw`^(?:what|which)\s+${LIST_NOUNS}\s+(?:are|is|do|does|exist|have|can)\b(?:\s+(?:there|you\s+have|I\s+have|we\s+have|you\s+see|you\s+got|exist|available))*(?:\s+(?:in|under|inside|within|on)\s+(.+?))?${END}`,
    'i',
  ),
  new RegExp(
    String.raw`^(?:what\s+is|what\s+are|what\s+do\s+(?:we|I|you)\s+have|anything|is\s+there\s+anything)\s+(?:in|inside|under|within)\s+(.+?)${END}`,
    'i',
  ),
  new RegExp(
    String.raw`^(?:show|display|view|open|browse|list)(?:\s+me)?\s+(?:the\s+)?(?:contents?\s+of\s+)?(?:the\s+)?(.+?\s+(?:folder|directory|dir)|\/[\w.@+/-]*\/)${END}`,
    'i',
  ),
  new RegExp(String.raw`^(?:look|peek)\s+(?:in|inside|into)\s+(.+?)${END}`, 'i'),
];
/** What makes any request a listing: its object ("files", "the folder structure", "the directory"). */
const LISTING_OBJECT =
  /\b(?:(?:folder|file|directory|dir|project|workspace)\s+(?:structure|tree|layout|hierarchy|listing)|files|documents|docs|folders|directories|directory|folder|dirs|file\s*system|filesystem|workspace)\b/i;
/** …with a verb of seeing or a question form: "show me", "what", "which", "are there", "any". */
const LISTING_FORM =
  /^(?:(?:list|show|display|view|see|browse|print|give|get|enumerate|tell|scan|check|look\s+(?:at|through|in|inside)|ls|dir)\b|(?:what|which|how\s+many|are\s+there|is\s+there|do\s+(?:we|you|I)\s+have|have\s+(?:we|you|I)\s+got|does\s+(?:the|this|my|our)|where\s+are|any)\b)/i;
/** …and nothing that makes it a search or an edit. */
const NOT_LISTING =
  /\b(?:mention(?:s|ing)?|contain(?:s|ing)?|referenc(?:e|es|ing)|say(?:s|ing)?|named|called|matching|about|modified|changed|edit(?:ed)?|delete|remove|rename|create|write|upload|remember|know)\b/i;
/** Words around a listing's object that name no folder. */
const NOT_FOLDER =
  /^(?:the|a|an|my|our|your|this|that|whole|entire|current|any|some|all|every|its|of|in|which|what|project|workspace|root|top|file|files|folder|folders|directory|directories|documents|docs)$/i;

/** The folder a listing names ("in the notes folder", "of src", "the src directory"); '/' when none. */
function listingScope(text: string): string | undefined {
  const named = [
    ...text.matchAll(
      /\b(?:in|under|inside|within|of|at|from)\s+(?:(?:the|my|our|your)\s+)?([\w./@+-]+)(?:\s+(?:folder|directory|dir))?/gi,
    ),
    ...text.matchAll(/\b([\w./@+-]+)\s+(?:folder|directory|dir)\b/gi),
  ]
    .map((match) => match[1] ?? '')
    .filter((word) => word !== '' && !NOT_FOLDER.test(word));
  const word = named.at(-1);
  if (!word) return '/';
  if (isFileName(word)) return undefined;
  return folderOf(word) ?? '/';
}

const READ_VERB = String.raw`(?:open|read|cat|view|display|print|show|see|look\s+at|(?:have|take)\s+a\s+(?:quick\s+)?look\s+at|check|load|bring\s+up|pull\s+up|get|fetch|give\s+me|dump|type|preview|inspect|go\s+to)`;
const READ = new RegExp(
  String.raw`^(?:${READ_VERB})(?:\s+(?:me|us))?(?:\s+(?:out|up))?\s+(?:what\s+is\s+in\s+|what\s+(.+?)\s+says\s*$|the\s+contents?\s+of\s+|contents?\s+of\s+|inside\s+)?(.+?)${END}`,
  'i',
);
/** "X in (the) Y (folder)": a file named in a folder. */
const IN_FOLDER =
  /^(.+?)\s+(?:in|from|under|inside|within)\s+((?:the\s+)?[\w./@+-]+(?:\s+(?:folder|directory|dir|root))?)$/i;
/** "the notes folder's todo", "src's forecast": a folder's file, said with a possessive. */
const POSSESSIVE =
  /^(?:the\s+|my\s+|our\s+)?([\w./@+-]+(?:\s+(?:folder|directory|dir))?)['’]s?\s+(.+)$/i;
/** "the todo of the notes folder": a file of a folder said as one. */
const OF_FOLDER = /^(.+?)\s+of\s+((?:the\s+)?[\w./@+-]+\s+(?:folder|directory|dir))$/i;

/** A folder's file said with a possessive or "of", said as "X in Y" (else the words as they are). */
function ownedBy(whole: string): string {
  const owned = POSSESSIVE.exec(whole);
  if (owned?.[1] && owned[2]) return `${owned[2]} in ${owned[1]}`;
  const of = OF_FOLDER.exec(whole);
  return of?.[1] && of[2] ? `${of[1]} in ${of[2]}` : whole;
}
/**
 * "the todo list in the notes folder", "forecast.ts under src": a file by name, and the folder to
 * look in (undefined when the words name no file in a folder, or name the files themselves).
 */
function inFolder(whole: string): Intent | undefined {
  const within = IN_FOLDER.exec(ownedBy(whole));
  const folder = within?.[2] ? folderOf(within[2]) : undefined;
  if (!within?.[1] || !folder || folder === '/' || LISTING_OBJECT.test(within[1])) return undefined;
  const file = fileTarget(within[1]);
  if (!file?.name) return undefined;
  const dir = folder.replace(/\/$/, '');
  if (/\.[A-Za-z0-9]{1,10}$/.test(file.name)) return { kind: 'read', path: `${dir}/${file.name}` };
  return { kind: 'open', name: file.name, mine: file.mine, folder: dir };
}
/** Words that make a name a file's: "the forecast source", "the todo file", "the build script". */
const FILE_WORDS = /\b(?:file|doc|document|source|code|script|module)\b/i;

/** A file by path, by name in a folder, or by a file-like name; undefined when the words name none. */
function namedFile(target: string): Intent | undefined {
  const named = inFolder(target);
  if (named) return named;
  const file = fileTarget(target);
  if (file?.path) return { kind: 'read', path: file.path };
  if (file?.name && (isFileName(file.name) || FILE_WORDS.test(target)))
    return { kind: 'open', name: file.name, mine: file.mine };
  return undefined;
}
const WHAT_SAYS =
  /^what\s+(?:does|is)\s+(.+?)\s+(?:say|contain|about|in\s+it|have\s+in\s+it)\s*\??$/i;
/** "what's written in todo.md?", "what does it say in notes/todo.md?": the words in a file. */
const WHAT_WRITTEN =
  /^(?:what\s+(?:is|has\s+been|was|got)\s+(?:written|typed|noted|saved|stored|put|kept|jotted\s+down)|what\s+does\s+it\s+say)\s+(?:in|inside|within|on)\s+(.+?)\s*\??$/i;
export const SUMMARIZE_FILE = /^(?:summari[sz]e|recap|tl;?dr|sum\s+up)\s+(.+?)\s*\??$/i;
const SEARCH_PATTERNS: RegExp[] = [
  // "look at the forecast file" reads a file; "look for TODO" searches.
  /^(?:search|grep|look(?!\s+(?:at|in|inside|into)\b))(?:\s+(?:(?:through|in|across)\s+)?(?:the\s+|my\s+|your\s+)?(files|workspace|notes|memory|memories)(?=\s+for\b))?(?:\s+for)?\s+(.+?)(?:\s+(?:in|under|inside)\s+(\S+))?$/i,
  /^(?:find|show(?:\s+me)?|list|which|what|search\s+for)\s+(?:(?:all|every|any|each)\s+(?:of\s+)?)?(?:the\s+)?(?:files?|lines?|places?|mentions?|occurrences?)\s+(?:that\s+|which\s+)?(?:contain(?:s|ing)?|mention(?:s|ing)?|with|about|referencing|references?|say(?:s|ing)?|has|have|having|include|including|use|using)\s+(?:the\s+(?:word|text|string)\s+)?(.+?)\s*\??$/i,
  /^where\s+(?:is|are|do\s+I|does\s+it|is\s+there)\s+(?:the\s+(?:word|text)\s+)?(.+?)\s+(?:mentioned|used|defined|written|said|referenced|configured|set)\s*\??$/i,
  /^(?:which|what)\s+files?\s+(?:mention|contain|reference|use|talk\s+about|say)s?\s+(.+?)\s*\??$/i,
];
const SEARCH_SCOPE_FIRST =
  /^(?:search|grep|scan|check|look\s+(?:through|in|inside)|go\s+through)\s+(?:in\s+|through\s+|inside\s+)?(.+?)\s+for\s+(.+?)\s*\??$/i;
const SEARCH_SCOPE_LAST =
  /^(?:search\s+for|grep(?:\s+for)?|look\s+for|find|where\s+is)\s+(.+?)\s+(?:in|inside|within)\s+(.+?)\s*\??$/i;

/** Where a search looks: a folder or file by path, or the files with a name; undefined if neither. */
function searchScope(raw: string): { path?: string; name?: string } | undefined {
  const text = clean(raw).replace(/^(?:in|inside|within|through|across)\s+/i, '');
  if (/^(?:(?:the|my|your)\s+)?(?:memory|memories|memory\s+files)$/i.test(text))
    return { path: '/memories/' };
  const file = fileTarget(text);
  if (file?.path && /\.[A-Za-z0-9]{1,10}$/.test(file.path)) return { path: file.path };
  if (file?.name && isFileName(file.name)) return { name: file.name };
  const folder = folderOf(text);
  if (folder) return folder === '/' ? {} : { path: folder };
  return undefined;
}

const GLOB_TYPED = new RegExp(
  String.raw`^(?:find|glob|list|show(?:\s+me)?|get|which\s+are\s+the|what\s+are\s+the)\s+(?:all\s+)?(?:the\s+|my\s+)?(${Object.keys(EXTENSIONS).join('|')})\s+files(?:\s+(?:are\s+there|there\s+are|do\s+I\s+have))?(?:\s+(?:in|under)\s+(\S+))?\s*\??$`,
  'i',
);
const GLOB_PATTERN =
  /^(?:glob|find|list|show(?:\s+me)?|search\s+for)\s+(?:all\s+)?(?:files\s+)?(?:matching\s+|named\s+|like\s+)?["'`]?(\S*[*?[{]\S*?)["'`]?(?:\s+(?:in|under)\s+(\S+))?\s*$/i;
const LOCATE =
  /^(?:find|locate|search\s+for|where\s+is|where\s+are|where\s+can\s+I\s+find|where\s+do\s+I\s+find|look\s+for)\s+(?:the\s+|my\s+|a\s+)?(?:file\s+)?(?:called\s+|named\s+)?(.+?)(?:\s+file)?\s*\??$/i;

export function fileIntent(text: string): Intent | undefined {
  const typed = GLOB_TYPED.exec(text);
  if (typed?.[1]) {
    const ext = EXTENSIONS[typed[1].toLowerCase()] ?? typed[1];
    return {
      kind: 'glob',
      pattern: `**/*.${ext}`,
      ...(typed[2] ? { path: absolute(typed[2]) } : {}),
    };
  }
  const glob = GLOB_PATTERN.exec(text);
  if (glob?.[1])
    return { kind: 'glob', pattern: glob[1], ...(glob[2] ? { path: absolute(glob[2]) } : {}) };

  // "search the README for WEATHER", "look for TODO in the notes folder".
  const first = SEARCH_SCOPE_FIRST.exec(text);
  const last = first ? undefined : SEARCH_SCOPE_LAST.exec(text);
  const [wanted, raw] = first ? [first[2], first[1]] : last ? [last[1], last[2]] : [];
  if (raw !== undefined) {
    const scope = searchScope(raw);
    const pattern = unquote(wanted ?? '');
    // "find todo.md in notes" looks for a file, not for text.
    if (scope && pattern !== '' && !/\.[A-Za-z0-9]{1,10}$/.test(pattern))
      return { kind: 'search', pattern, ...scope };
  }

  for (const pattern of SEARCH_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const groups = match.slice(1);
    // The first pattern carries a scope word and an "in PATH" tail around the search text.
    const [scope, raw, path] = groups.length === 3 ? groups : [undefined, groups[0], undefined];
    const wanted = unquote(raw ?? '');
    // "search for todo.md" looks for a file, not for text.
    if (wanted === '' || (groups.length === 3 && /\.[A-Za-z0-9]{1,10}$/.test(wanted))) continue;
    const where = path ? absolute(path) : /^memor/i.test(scope ?? '') ? '/memories/' : undefined;
    return { kind: 'search', pattern: wanted, ...(where ? { path: where } : {}) };
  }

  for (const pattern of LIST_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const target = match[1];
    const folder = folderOf(target);
    if (folder) return { kind: 'list', path: folder };
    // "what's in todo.md", "what's in the todo list under notes": a file, not a folder.
    const named = target ? namedFile(target) : undefined;
    if (named) return named;
  }

  // "what does todo.md say?", "what does the todo in the notes folder say?"; "what does the notes
  // folder contain?" names a folder (said as one).
  const says = WHAT_SAYS.exec(text) ?? WHAT_WRITTEN.exec(text);
  const folder = /\b(?:folder|directory|dir)$|\/$/i.test(says?.[1] ?? '')
    ? folderOf(says?.[1])
    : undefined;
  if (folder) return { kind: 'list', path: folder };
  const said = says?.[1] ? namedFile(says[1]) : undefined;
  if (said) return said;

  const read = READ.exec(text);
  if (read) {
    const whole = read[1] ?? read[2] ?? '';
    const verb = text.split(/\s+/)[0]?.toLowerCase() ?? '';
    // "the todo list in the notes folder": a name, and the folder to look in.
    const named = inFolder(whole);
    if (named) return named;
    // "todo.md in the workspace": the name alone.
    const within = IN_FOLDER.exec(whole);
    const target = within?.[1] && within[2] && folderOf(within[2]) ? within[1] : whole;
    const file = fileTarget(target);
    if (file?.path) {
      // "show me /notes": a folder when it has no extension and ends with a slash or is a top folder.
      if (
        /\/$/.test(file.path) ||
        (!/\.[A-Za-z0-9]{1,10}$/.test(file.path) && file.path.split('/').length === 2)
      )
        return { kind: 'list', path: file.path };
      return { kind: 'read', path: file.path };
    }
    // "open", "read" and "cat" always mean a file; "show", "view", "see" only with a file-like name.
    const strong = /^(?:open|read|cat|load|dump|preview|inspect)$/.test(verb);
    if (file?.name && (strong || isFileName(file.name) || FILE_WORDS.test(target)))
      return { kind: 'open', name: file.name, mine: file.mine };
  }

  // Any other request whose object is the files: "can you show me what files there are?",
  // "what does the directory look like?", "are there any documents in here?"
  if (LISTING_FORM.test(text) && LISTING_OBJECT.test(text) && !NOT_LISTING.test(text)) {
    const path = listingScope(text);
    if (path) return { kind: 'list', path };
  }

  const locate = LOCATE.exec(text);
  if (locate?.[1]) {
    const name = stripArticles(clean(locate[1]));
    if (isFileName(name)) return { kind: 'locate', name };
    if (/^find|^look\s+for/i.test(text) && name.split(/\s+/).length <= 4)
      return { kind: 'search', pattern: unquote(name) };
  }
  return undefined;
}

function unquote(text: string): string {
  const trimmed = text.trim();
  const quoted = /^(["'`])([\s\S]*)\1$/.exec(trimmed);
  if (quoted) return (quoted[2] ?? '').trim();
  return trimmed.replace(/[.!?]+$/, '').trim();
}

/** Whether the words speak of files (for the unsupported answer's hint). */
export function mentionsFiles(text: string): boolean {
  return /\b(?:files?|folders?|directory|readme|notes|todo|workspace|\.md|\.ts|document)\b/i.test(
    normalise(text),
  );
}
