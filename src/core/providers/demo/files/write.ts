// "Make / create / write a file … with …": write_file with the content the person gave, or, when
// they described it instead ("with three steps for migrating to Iceberg"), a clearly labelled
// outline for them to fill in: the script cannot write the steps themselves.

import type { Intent } from '../intents';
import { SUGGEST, failure, toolAction } from '../common';
import { codeBlock, plural } from '../text';
import { NUMBER_WORDS } from '../../../text/numerals';
import type { Action, TurnContext } from '../turn';
import { folderOf } from './patterns';

type WriteIntent = Extract<Intent, { kind: 'write' }>;

const FILE_NAME = String.raw`(?:\/?[\w@+-][\w.@+-]*\/)*[\w@+-][\w.@+-]*\.[A-Za-z0-9]{1,10}`;
const VERB = String.raw`(?:make|create|write|add|start|generate|draft|set\s+up|put\s+together|save|jot\s+down|write\s+(?:down|up)|whip\s+up|prepare)`;
/** "make a (new) file …", "create a markdown file …". */
const A_FILE = new RegExp(
  String.raw`^${VERB}\s+(?:me\s+|us\s+)?(?:a\s+|an\s+|one\s+)?(?:new\s+|empty\s+|blank\s+|small\s+|simple\s+)*(?:(?!(?:the|this|that|my|our|your|it)\b)[\w-]+\s+){0,2}?(?:file|document|doc)\b\s*(.*)$|^(?:a\s+)?new\s+(?:file|document|doc)\b\s*(.*)$`,
  'i',
);
/** "create notes/ideas.md containing …", "write plan.md with …", "start a note called todo.md: …". */
const NAMED_FILE = new RegExp(
  String.raw`^${VERB}\s+(?:me\s+|us\s+)?(?:(?:a|an|the|one|this)\s+)?(?:(?:new|empty|blank|small|simple|markdown|text)\s+)*(?:(?:file|note|document|doc|page)\s+)?(?:(?:called|named|titled)\s+)?["'\`]?(${FILE_NAME})["'\`]?(?=$|[\s:,])\s*(.*)$`,
  'i',
);
/** "start an outline for a garden shed in ideas.md": what is described, then where it goes. */
const DESCRIBED_IN = new RegExp(
  String.raw`^${VERB}\s+(?:me\s+|us\s+)?((?:a|an|the|some)\s+(?:(?:short|quick|brief|simple|rough|basic|numbered)\s+)?(?:outline|plan|list|checklist|draft|agenda|template|summary|notes|to-?do\s+list)\s+(?:for|of|about|on|covering)\s+.+?)\s+(?:in|to|into|as|at)\s+(?:(?:a|the)\s+(?:new\s+)?(?:file\s+)?(?:called\s+|named\s+)?)?(${FILE_NAME})$`,
  'i',
);
/** "create a todo list in tasks.md with three tasks". */
const LIST_IN = new RegExp(
  String.raw`^${VERB}\s+(?:me\s+)?((?:a|an|the)\s+(?:[\w-]+\s+)?(?:outline|plan|list|checklist|agenda|template|summary|notes))\s+(?:in|to|into|as|at)\s+(${FILE_NAME})\s+(?:with|of|for|about|listing|covering)\s+(.+)$`,
  'i',
);
/** 'save "ship it on Friday" to notes/reminder.txt'. */
const SAVE_TO = new RegExp(
  String.raw`^(?:save|write|put|add|store|jot|note)(?:\s+down)?\s+(.+?)(?:\s+down)?\s+(?:to|in|into|as)\s+(?:a\s+(?:new\s+)?file\s+(?:called|named)\s+)?(${FILE_NAME})$`,
  'i',
);
/** Where the content starts: "containing", "that says", "with the text", "with". */
const CONTENT =
  /^(.*?)\s*(?:\b(?:containing|that\s+(?:just\s+|only\s+|simply\s+)?(?:says|reads|contains|lists)|saying|which\s+says|reading|listing)\b|\bwith\b)\s*:?\s*([\s\S]+)$/i;
/** A count said as a digit or a word ("5", "five"; the words of NUMBER_WORDS), or "a few". */
const NUMBER = String.raw`(?:\d+|${Object.keys(NUMBER_WORDS).join('|')})`;
const COUNT = String.raw`(?:${NUMBER}|a\s+few|several)`;
/** A description of the content, not the content: "three steps for …", "an agenda for Monday". */
const DESCRIBED = new RegExp(
  String.raw`^(?:(?:a|an|some|the|my|our|${COUNT}(?:\s+[\w-]+){0,2}?)\s+)?(?:(?:short|quick|brief|simple|rough|basic|numbered|bulleted|detailed)\s+)*(?:steps?|items?|points?|ideas?|milestones?|tasks?|goals?|sections?|list|outline|plan|agenda|checklist|summary|draft|template|notes?|todos?|to-dos?|questions?|bullets?|headings?|topics?|reasons?|options?|things?)\b`,
  'i',
);
/** What a file is for, said after its name: "for moving house", "about the launch". */
const PURPOSE =
  /(?:^|\s)(for|about|on|covering|regarding|outlining|planning)\s+(?!(?:me|us)$)([^/]+)$/i;
/**
 * A count and a plural, and what they are for: "five weekend destinations", "3 blog topics",
 * "five novels to read", "4 books for the summer".
 */
const COUNTED = new RegExp(
  String.raw`^${COUNT}\s+(?:[a-z-]+\s+){0,2}[a-z-]+s(?:\s+(?:to|for|about|on|I|we|that|worth)\s+[^,;:"]{1,60})?$`,
  'i',
);

function unquoted(text: string): string {
  const trimmed = text.trim().replace(/[.!]+$/, '');
  const quoted = /^(["'`“])([\s\S]*)["'`”]$/.exec(trimmed);
  return (quoted?.[2] ?? trimmed).trim();
}

/** The path a request names: "called plan.md", "in the notes folder", "notes/ideas.md". */
function pathOf(head: string, named?: string): string | undefined {
  const name =
    named ??
    new RegExp(String.raw`^["'\`]?(${FILE_NAME})\b`).exec(head.trim())?.[1] ??
    new RegExp(
      String.raw`\b(?:called|named|titled)\s+["'\`]?(${FILE_NAME}|[\w-]+)["'\`]?`,
      'i',
    ).exec(head)?.[1];
  if (!name) return undefined;
  const file = /\.[A-Za-z0-9]{1,10}$/.test(name) ? name : `${name}.md`;
  if (file.includes('/')) return file.startsWith('/') ? file : `/${file}`;
  const folder =
    /\b(?:in|inside|under|into)\s+((?:the\s+)?[\w./@+-]+(?:\s+(?:folder|directory|dir))?)/i.exec(
      head.replace(/\b(?:called|named|titled)\s+\S+/i, ''),
    );
  const dir = folder?.[1] ? folderOf(folder[1]) : undefined;
  return dir && dir !== '/' ? `${dir.replace(/\/$/, '')}/${file}` : `/${file}`;
}

/** A request to write a file, with its path and its content or the topic of an outline. */
export function writeIntent(said: string): WriteIntent | undefined {
  // "I need a file plan.md with …", "can I get a file …": the same as "make a file …".
  const text = said.replace(
    /^(?:I\s+(?:need|want|would\s+like)|give\s+me|(?:can|could|may)\s+I\s+(?:get|have))\s+(?=(?:a|an)\s+(?:new\s+)?(?:[\w-]+\s+)?(?:file|note|document|doc)\b)/i,
    'make ',
  );
  const described = DESCRIBED_IN.exec(text);
  if (described?.[1] && described[2])
    return { kind: 'write', path: pathOf('', described[2]), topic: described[1] };
  // "create a todo list in tasks.md with three tasks": the kind of text, its file, what it holds.
  const listed = LIST_IN.exec(text);
  if (listed?.[1] && listed[2] && listed[3])
    return { kind: 'write', path: pathOf('', listed[2]), topic: `${listed[1]} with ${listed[3]}` };
  // 'save this to notes/quote.md: "stay hungry"'.
  const following = new RegExp(
    String.raw`^(?:save|write|put|add)\s+(?:this|that|the\s+following)\s+(?:to|in|into)\s+(${FILE_NAME})\s*:\s*([\s\S]+)$`,
    'i',
  ).exec(text);
  if (following?.[1] && following[2])
    return { kind: 'write', path: pathOf('', following[1]), content: unquoted(following[2]) };
  const save = SAVE_TO.exec(text);
  if (save?.[1] && save[2] && !/^(?:that|this|it)$/i.test(save[1]))
    return { kind: 'write', path: pathOf('', save[2]), content: unquoted(save[1]) };
  const named = NAMED_FILE.exec(text);
  const generic = named ? undefined : A_FILE.exec(text);
  if (!named && !generic) return undefined;
  const rest = (named ? named[2] : (generic?.[1] ?? generic?.[2])) ?? '';
  // "create plan.md and put Buy milk in it".
  const putInIt = /^and\s+(?:put|write|add|type)\s+([\s\S]+?)\s+(?:in|into|inside|to)\s+it$/i.exec(
    rest,
  )?.[1];
  if (named && putInIt)
    return { kind: 'write', path: pathOf('', named[1]), content: unquoted(putInIt) };
  // "plan.md: Buy milk": a colon right after the name starts the content.
  const afterColon = /^:\s*([\s\S]+)$/.exec(rest)?.[1];
  if (named && afterColon)
    return { kind: 'write', path: pathOf('', named[1]), content: unquoted(afterColon) };
  const content = CONTENT.exec(rest);
  const head = content ? (content[1] ?? '') : rest;
  const body = content?.[2] ? content[2].trim() : '';
  // "a checklist.md for moving house": what the file is for (no folder in it: "… in Rome").
  const purpose =
    body === '' ? PURPOSE.exec(head.replace(/\b(?:called|named|titled)\s+\S+/i, '')) : null;
  const path = pathOf(purpose ? head.replace(purpose[0], ' ') : head, named?.[1]);
  // "with the steps: …", "with the text: …" label the content; "Agenda: budget review" is content.
  const colon =
    /^(?:(?:the|these|this)\s+[\w\s-]{0,30}?|(?:text|content|contents|words?|lines?|following))\s*:\s*([\s\S]+)$/i.exec(
      body,
    );
  const intent: WriteIntent = { kind: 'write', ...(path ? { path } : {}) };
  if (colon?.[1]) return { ...intent, content: unquoted(colon[1]) };
  // "with the text Pack light": the label is not the content.
  const labelled = /^(?:the\s+)?(?:text|contents?|words|line)\s+(?=\S)/i;
  if (body !== '' && labelled.test(body) && !colon)
    return { ...intent, content: unquoted(body.replace(labelled, '')) };
  if (body === '')
    return purpose?.[1] && purpose[2] && path
      ? { ...intent, topic: `${stem(path)} ${purpose[1].toLowerCase()} ${unquoted(purpose[2])}` }
      : intent;
  if ((DESCRIBED.test(body) || COUNTED.test(body)) && !/^["'`“]/.test(body))
    return { ...intent, topic: unquoted(body) };
  return { ...intent, content: unquoted(body) };
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** The file's name as words: "/notes/weekly-plan.md" → "weekly plan". */
function stem(path: string): string {
  return (path.split('/').at(-1) ?? path).replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ');
}

/** The most numbered items an outline holds: "listing 500 books" is cut to this, and said. */
export const MAX_ITEMS = 20;

/** The labelled outline written when the person described the content instead of giving it. */
export function outline(
  path: string,
  topic?: string,
): { text: string; items: number; noun: string; asked: number } {
  const title = topic
    ? capitalised(topic.replace(/^(?:a|an|the|some)\s+/i, ''))
    : capitalised(stem(path));
  // "five novels to read", "a list with 5 startup ideas": the count first, or after "with".
  const count = new RegExp(String.raw`(?:^|\b(?:with|of|listing)\s+)(${NUMBER})\b`, 'i').exec(
    topic ?? '',
  )?.[1];
  const asked = count ? (NUMBER_WORDS[count.toLowerCase()] ?? Number(count)) : 3;
  const items = Math.max(1, Math.min(MAX_ITEMS, asked));
  // "five novels to read": the counted thing names the items when no known kind does.
  const noun =
    /\b(step|item|point|idea|milestone|task|goal|section|question|topic|reason|option)s?\b/i
      .exec(topic ?? '')?.[1]
      ?.toLowerCase() ??
    /^(?:\d+|[a-z]+)\s+(?:[a-z-]+\s+){0,2}?([a-z-]+?)s\b/i.exec(topic ?? '')?.[1]?.toLowerCase() ??
    'item';
  const lines = [
    `# ${title}`,
    '',
    `> Outline by the Demo provider, a script: it cannot write the ${noun}s themselves, so each is left for you to fill in.`,
    '',
    ...Array.from({ length: items }, (_, i) => `${i + 1}. (${noun} ${i + 1})`),
  ];
  return { text: `${lines.join('\n')}\n`, items, noun, asked };
}

export function writeAction(intent: WriteIntent, context: TurnContext): Action {
  const path = intent.path;
  if (!path)
    return {
      accepts: () => false,
      step: () => ({
        text: 'What should the file be called? Say it with the request, for example “make a file called plan.md with three steps for the launch”.',
        suggestions: ['Make a file called notes/ideas.md'],
      }),
    };
  const given = intent.content !== undefined;
  const drafted = given ? undefined : outline(path, intent.topic);
  const content = given ? `${intent.content}\n` : drafted!.text;
  const lines = content.trimEnd().split('\n').length;
  return toolAction(
    context,
    {
      name: 'write_file',
      args: { file_path: path, content },
      intro: given
        ? `Writing ${path} with write_file.`
        : `Writing an outline to ${path} with write_file.`,
    },
    (done) => {
      if (done.result.isError === true || /^error\b/i.test(done.result.content.trim()))
        return failure(done);
      const what = drafted
        ? `Wrote ${path}: an outline with ${drafted.items} numbered ${drafted.noun}${plural(drafted.items)} for you to fill in (I'm a script, so I can't write them myself).${drafted.asked > drafted.items ? ` You asked for ${drafted.asked}; an outline holds at most ${MAX_ITEMS}.` : ''}`
        : `Wrote ${path} (${lines} line${plural(lines)}), with the text you gave.`;
      return {
        text: `${what}\n\n${codeBlock(content.trimEnd())}`,
        suggestions: [`Open ${path}`, SUGGEST.files],
      };
    },
  );
}
