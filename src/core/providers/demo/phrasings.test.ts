// The phrasing table: ordinary first messages, each with the tool calls and the answer the Demo must
// produce, run through the real agent loop, the app's pipeline and the sample workspace in a
// virtual filesystem (a fresh one per row). The grammar is built around verbs and slots, so these
// rows are examples of it, not the whole of it.
import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../agent/types';
import { DEMO_TAG, splitSuggestions } from '.';
import { SAVED, demoSession } from '../../../../tests/fixtures/demo-session';

type Call = [name: string, args?: Record<string, unknown>];

interface Row {
  say: string;
  /** Messages sent first, in the same thread. */
  before?: string[];
  /** Every tool call of the turn, in order: name and the arguments that matter. */
  calls: Call[];
  /** What the final answer must contain. */
  answer: (string | RegExp)[];
  not?: (string | RegExp)[];
  /** Lines /memories/AGENTS.md must hold afterwards. */
  memory?: string[];
  /** The clickable suggestions, exactly (omit to leave them unchecked). */
  suggestions?: string[];
}

const HELP_MARK = '**Remembering**';
const DANA =
  'Hi! My name is Dana and I always want answers in bullet points. Please remember that.';
const edit = (added: string): Call => [
  'edit_file',
  { file_path: '/memories/AGENTS.md', new_string: expect.stringContaining(`\n- ${added}`) },
];

const TABLE: Record<string, Row[]> = {
  remembering: [
    {
      say: DANA,
      calls: [
        [
          'edit_file',
          {
            file_path: '/memories/AGENTS.md',
            old_string: '- Writes TypeScript with strict mode on.',
            new_string:
              "- Writes TypeScript with strict mode on.\n- User's name is Dana.\n- User wants answers in bullet points.",
          },
        ],
      ],
      answer: [
        `Hi Dana! ${SAVED}`,
        "- User's name is Dana.\n- User wants answers in bullet points.",
      ],
      memory: ["- User's name is Dana.", '- User wants answers in bullet points.'],
      suggestions: ["What's my name?", 'What do you remember about me?'],
    },
    {
      say: 'Please remember that I prefer tabs over spaces',
      calls: [edit('User prefers tabs over spaces.')],
      answer: [SAVED, '- User prefers tabs over spaces.'],
      memory: ['- User prefers tabs over spaces.'],
    },
    {
      say: 'My name is Priya.',
      calls: [edit("User's name is Priya.")],
      answer: [SAVED, "- User's name is Priya."],
    },
    {
      say: 'From now on, always answer in French.',
      calls: [edit('Always answer in French.')],
      answer: [SAVED, '- Always answer in French.'],
      memory: ['- Always answer in French.'],
    },
    {
      say: "I'm allergic to peanuts",
      calls: [edit('User is allergic to peanuts.')],
      answer: [SAVED, '- User is allergic to peanuts.'],
    },
    {
      say: 'note that the staging server is called Kestrel',
      calls: [edit('The staging server is called Kestrel.')],
      answer: ['- The staging server is called Kestrel.'],
    },
    {
      say: 'Keep in mind that I work remotely on Fridays',
      calls: [edit('User works remotely on Fridays.')],
      answer: ['- User works remotely on Fridays.'],
    },
    {
      say: 'I prefer metric units, remember that',
      calls: [edit('User prefers metric units.')],
      answer: ['- User prefers metric units.'],
    },
    {
      say: "could you remember that I'm vegetarian and I live in Porto?",
      calls: [edit('User is vegetarian.\n- User lives in Porto.')],
      answer: ['- User is vegetarian.\n- User lives in Porto.'],
    },
    {
      say: 'call me Sam',
      calls: [edit('User wants to be called Sam.')],
      answer: ['- User wants to be called Sam.'],
    },
    {
      say: "Don't forget: my timezone is CET",
      calls: [edit("User's timezone is CET.")],
      answer: ["- User's timezone is CET."],
    },
    {
      say: 'For the record, I use Linux at work.',
      calls: [edit('User uses Linux at work.')],
      answer: ['- User uses Linux at work.'],
    },
    {
      before: ['The wifi at the office is slow.'],
      say: 'Please remember that.',
      calls: [edit('The wifi at the office is slow.')],
      answer: [SAVED, '- The wifi at the office is slow.'],
    },
    {
      before: ['My name is Dana'],
      say: 'Actually, my name is Dee',
      calls: [
        [
          'edit_file',
          {
            old_string: "- User's name is Dana.",
            new_string: "- User's name is Dee.",
          },
        ],
      ],
      answer: ["- User's name is Dee.", "It replaces “User's name is Dana.”"],
      memory: ["- User's name is Dee."],
    },
    {
      say: 'remember that my API key is sk-abcdefghijklmnop',
      calls: [],
      answer: ["I won't store that", 'looks like a secret'],
    },
    {
      say: 'Remember: prefers concise answers with code examples',
      calls: [],
      answer: ['already in /memories/AGENTS.md (line 5)', 'Nothing to change.'],
    },
    {
      say: 'remember that',
      calls: [],
      answer: ['What should I remember?'],
      suggestions: ['Remember that I prefer short answers'],
    },
  ],

  'asking about me': [
    {
      before: [DANA],
      say: "What's my name?",
      calls: [],
      answer: ["Your name is **Dana**. Used /memories/AGENTS.md line 7: “User's name is Dana.”"],
    },
    {
      say: "What's my name?",
      calls: [],
      answer: ["I don't know your name", 'My name is Sam'],
    },
    {
      say: 'Do you know my name?',
      calls: [],
      answer: ["I don't know your name"],
    },
    {
      before: [DANA],
      say: 'Summarize what you know about me',
      calls: [],
      answer: [
        'Here is what my memory holds about you (/memories/AGENTS.md):',
        '- Prefers concise answers with code examples. (line 5)',
        "- User's name is Dana. (line 7)",
        '- User wants answers in bullet points. (line 8)',
      ],
    },
    {
      say: 'What do you remember about me?',
      calls: [],
      answer: ['- Writes TypeScript with strict mode on. (line 6)'],
    },
    {
      say: 'who am I?',
      calls: [],
      answer: ['Here is what my memory holds about you'],
    },
    {
      say: "What's in your memory?",
      calls: [],
      answer: ['Here is what my memory holds about you'],
    },
    {
      before: ["I'm allergic to peanuts"],
      say: 'Am I allergic to anything?',
      calls: [],
      answer: ['Used /memories/AGENTS.md line 7: “User is allergic to peanuts.”'],
    },
    {
      say: 'Where was I born?',
      calls: [],
      answer: ['found nothing about that'],
      suggestions: ['What do you remember about me?', 'What can you do?'],
    },
  ],

  files: [
    {
      say: 'List the files in the workspace',
      calls: [['ls', { path: '/' }]],
      answer: [
        'The workspace (/) has 2 files and 3 folders:',
        '- `/notes/` (folder)',
        '- `/README.md`',
      ],
      suggestions: ['List the files in /notes', 'Open /README.md'],
    },
    {
      say: "what's in /notes",
      calls: [['ls', { path: '/notes' }]],
      answer: ['/notes has 1 file:', '- `/notes/todo.md`'],
    },
    {
      say: 'Hey, could you please list the files?',
      calls: [['ls', { path: '/' }]],
      answer: ['Hi! The workspace (/) has'],
    },
    {
      say: 'what files are in the src folder?',
      calls: [['ls', { path: '/src' }]],
      answer: ['- `/src/forecast.ts`'],
    },
    {
      say: 'open todo.md',
      calls: [
        ['glob', { pattern: '**/{todo.md,TODO.MD,Todo.md,TODO.md}' }],
        ['read_file', { file_path: '/notes/todo.md' }],
      ],
      answer: ['Found /notes/todo.md (4 lines):', '- Add a --units flag (celsius or fahrenheit).'],
    },
    {
      say: 'show me the README',
      calls: [
        ['glob', { pattern: '**/{README,readme,Readme}*' }],
        ['read_file', { file_path: '/README.md' }],
      ],
      answer: ['Found /README.md', 'weather-cli Lisbon'],
    },
    {
      say: 'What does the README say?',
      calls: [['glob'], ['read_file', { file_path: '/README.md' }]],
      answer: ['Configuration is read from WEATHER_API_KEY.'],
    },
    {
      say: 'read notes/todo.md',
      calls: [['read_file', { file_path: '/notes/todo.md' }]],
      answer: ['/notes/todo.md (4 lines):'],
    },
    {
      say: 'cat /src/forecast.ts',
      calls: [['read_file', { file_path: '/src/forecast.ts' }]],
      answer: ['export function formatForecast'],
    },
    {
      say: 'show me my memory file',
      calls: [['read_file', { file_path: '/memories/AGENTS.md' }]],
      answer: ['# User preferences'],
    },
    {
      say: 'open AGENTS.md',
      calls: [['glob', { pattern: '**/{AGENTS.md,agents.md,AGENTS.MD,Agents.md}' }]],
      answer: ['2 files are named AGENTS.md: `/AGENTS.md`, `/memories/AGENTS.md`. Which one?'],
      suggestions: ['Open /AGENTS.md', 'Open /memories/AGENTS.md'],
    },
    {
      say: 'open the changelog',
      calls: [['glob']],
      answer: ['I found no file named “changelog” in the workspace.'],
      suggestions: ['List the files in the workspace'],
    },
    {
      say: 'search for WEATHER_API_KEY',
      calls: [['grep', { pattern: 'WEATHER_API_KEY', output_mode: 'content' }]],
      answer: ['1 line matched “WEATHER_API_KEY” in 1 file', '7: Configuration is read from'],
    },
    {
      say: 'which files mention forecast?',
      calls: [['grep', { pattern: 'forecast' }]],
      answer: ['matched “forecast” in 3 files'],
    },
    {
      say: 'find every file that mentions forecast',
      calls: [['grep', { pattern: 'forecast' }]],
      answer: ['matched “forecast” in 3 files'],
    },
    {
      say: 'search my memory for TypeScript',
      calls: [['grep', { pattern: 'TypeScript', path: '/memories/' }]],
      answer: ['/memories/AGENTS.md:'],
    },
    {
      say: 'find all markdown files',
      calls: [['glob', { pattern: '**/*.md' }]],
      answer: ['4 files match **/*.md:', '- `/notes/todo.md`'],
    },
    {
      say: 'where is todo.md?',
      calls: [['glob']],
      answer: ['Found `/notes/todo.md`.'],
      suggestions: ['Open /notes/todo.md'],
    },
    {
      say: 'find **/*.ts',
      calls: [['glob', { pattern: '**/*.ts' }]],
      answer: ['1 file matches **/*.ts:'],
    },
  ],

  compaction: [
    {
      say: 'Show me compaction',
      calls: [['execute']],
      answer: [
        'Compaction so far: offload ✓, truncation not yet, summarization not yet.',
        'a large tool result was saved to `/large_tool_results/',
      ],
      suggestions: ['Write a long file'],
    },
    {
      say: 'write a long file',
      calls: [['write_file', { file_path: '/notes/long-notes-1.md' }]],
      answer: ['I wrote /notes/long-notes-1.md (12 sections).'],
      suggestions: ['Show me offload', 'Write a long file'],
    },
    {
      say: 'Show me offload',
      calls: [['execute']],
      answer: ['I ran the computation: 3,000 rows of output.'],
    },
    {
      say: 'How does compaction work?',
      calls: [],
      answer: ['- **Offload**:', '- **Truncation**:', '- **Summarization**:'],
      suggestions: ['Show me compaction'],
    },
    {
      say: 'what is offloading?',
      calls: [],
      answer: ['Offload: a tool result over the offload limit'],
      suggestions: ['Show me offload'],
    },
  ],

  strategies: [
    {
      say: 'Compare strategies',
      calls: [],
      answer: ['The ten here:', '- **Sliding window**:', '- **OS-like paging**:'],
    },
    {
      say: 'Explain the context strategies',
      calls: [],
      answer: ['- **Retrieval**:'],
    },
    {
      say: 'Which strategy should I use?',
      calls: [],
      answer: ['the Strategy panel'],
    },
  ],

  explanations: [
    { say: 'What is fact memory?', calls: [], answer: ['/memories/memory.json'] },
    { say: 'how does memory work?', calls: [], answer: ['AGENTS.md files, as in Deep Agents'] },
  ],

  greetings: [
    {
      say: 'hello',
      calls: [],
      answer: ["Hi! I'm the Demo provider: a fixed script in this page, not a language model."],
      suggestions: [
        'What can you do?',
        'Remember that I prefer short answers',
        'List the files in the workspace',
      ],
    },
    { say: 'Good morning!', calls: [], answer: ['Hi! '] },
    { before: ['My name is Dana'], say: 'hey there', calls: [], answer: ['Hi Dana! '] },
  ],

  thanks: [
    { say: 'thanks!', calls: [], answer: ["You're welcome."] },
    { say: 'Thank you so much', calls: [], answer: ["You're welcome."] },
  ],

  capabilities: [
    { say: 'What can you do?', calls: [], answer: [HELP_MARK, '**Files**', '**Compaction**'] },
    { say: 'help', calls: [], answer: [HELP_MARK] },
    { say: 'how do I use this?', calls: [], answer: [HELP_MARK] },
  ],

  unsupported: [
    {
      say: 'write me a haiku about memory',
      calls: [],
      answer: ["I can't write a haiku about memory: I'm a fixed script, not a language model."],
      suggestions: [
        'What do you remember about me?',
        'Remember that I prefer short answers',
        'What can you do?',
      ],
    },
    { say: 'Tell me a joke', calls: [], answer: ["I can't tell a joke"] },
    // A request that starts with its verb is not a statement to offer to remember ("Remember that
    // list what is left…" was suggested).
    {
      say: 'Please list what is left before Friday, shortly.',
      calls: [],
      answer: ["I can't list what is left before Friday, shortly: I'm a fixed script"],
    },
    {
      say: 'outline the steps to deploy',
      calls: [],
      answer: ["I can't outline the steps to deploy"],
    },
    {
      say: 'asdf qwerty',
      calls: [],
      answer: ["I don't understand “asdf qwerty”"],
      suggestions: [
        'What can you do?',
        'What do you remember about me?',
        'List the files in the workspace',
      ],
    },
    {
      say: 'translate the README into Spanish',
      calls: [],
      answer: ["I can't translate the README into Spanish"],
      suggestions: ['List the files in the workspace', 'Open todo.md', 'What can you do?'],
    },
    {
      // Nothing to forget: memory does not mention tea (issue 33: it used to refuse any forget).
      say: 'forget that I like tea',
      calls: [],
      answer: ['Nothing in /memories/AGENTS.md mentions tea'],
    },
    { say: 'Who are you?', calls: [], answer: ['not a language model', 'Settings'] },
  ],

  'statements and summaries': [
    {
      say: 'The staging server is called Kestrel',
      calls: [],
      answer: ['I only save things to memory when you ask me to'],
      suggestions: ['Remember that the staging server is called Kestrel'],
    },
    {
      before: ['The staging server is called Kestrel.'],
      say: 'Summarize our conversation',
      calls: [],
      answer: ['An extractive summary', '## SESSION INTENT\nThe staging server is called Kestrel.'],
    },
    {
      say: 'Remember that I like tea and list the files',
      calls: [edit('User likes tea.'), ['ls', { path: '/' }]],
      answer: [`${SAVED}\n\n- User likes tea.`, 'The workspace (/) has'],
    },
  ],
};

/**
 * Phrasings first tried as held-out ones, each a representative of a class the grammar now covers:
 * a "remember this" marker after the fact, a listing by its object, a topic by any of its words,
 * a question inside a request, a keyword typed with a slip, an echo that must read well.
 */
const LEAD = 'I drive a blue van.';
const WORKSPACE_LISTING = 'The workspace (/) has 2 files and 3 folders:';
const HELD_OUT: Record<string, Row[]> = {
  remembering: [
    {
      say: "hello there, I'm Priya. I'm vegetarian, keep that in mind",
      calls: [edit("User's name is Priya.\n- User is vegetarian.")],
      answer: [`Hi Priya! ${SAVED}`, "- User's name is Priya.\n- User is vegetarian."],
      not: ['keep that in mind'],
      memory: ['- User is vegetarian.'],
    },
    {
      say: "btw i'm lactose intolerant, don't forget that",
      calls: [edit('User is lactose intolerant.')],
      answer: [`${SAVED}\n\n- User is lactose intolerant.`],
    },
    {
      say: "I'm left-handed, for future reference",
      calls: [edit('User is left-handed.')],
      answer: ['- User is left-handed.'],
      not: ['reference'],
    },
    {
      // Not a lasting fact about the user: saved only because the marker asks for it.
      say: 'The office closes at 6pm, keep it in mind',
      calls: [edit('The office closes at 6pm.')],
      answer: ['- The office closes at 6pm.'],
    },
    {
      say: 'Heads up: I’m colourblind, so keep that in mind',
      calls: [edit('User is colourblind.')],
      answer: ['- User is colourblind.'],
      not: ['Heads up'],
    },
    {
      say: "I'm called Oskar, just so you know",
      calls: [edit("User's name is Oskar.")],
      answer: ["- User's name is Oskar."],
      not: ['so you know'],
    },
    {
      say: 'I am gluten free and my partner is vegan, please take note',
      calls: [edit("User is gluten free.\n- User's partner is vegan.")],
      answer: ["- User is gluten free.\n- User's partner is vegan."],
    },
    {
      say: 'remeber that I hate long emails',
      calls: [edit('User hates long emails.')],
      answer: ['- User hates long emails.'],
    },
    {
      // A keyword typo is corrected; a capitalised word inside a sentence may be a name: kept.
      say: 'my cat is called Arean',
      calls: [edit("User's cat is called Arean.")],
      answer: ["- User's cat is called Arean."],
    },
    {
      say: 'Going forward, reply in British English please',
      calls: [edit('Reply in British English.')],
      answer: ['- Reply in British English.'],
    },
    {
      say: "You should know I'm a beginner",
      calls: [edit('User is a beginner.')],
      answer: ['- User is a beginner.'],
    },
    {
      before: ['The cat is named Tom.'],
      say: 'keep that in mind',
      calls: [edit('The cat is named Tom.')],
      answer: ['- The cat is named Tom.'],
    },
  ],

  'asking about me': [
    {
      before: [LEAD],
      say: 'Remind me what I told you earlier',
      calls: [],
      answer: [
        'Here is what my memory holds about you (/memories/AGENTS.md):',
        'Earlier in this conversation, as this request carries it, you said:\n\n- “I drive a blue van.”',
      ],
      not: ["can't"],
      // No "What's my name?": no name was given, and the answer would be "I don't know" (issue 33).
      suggestions: ['Summarize our conversation'],
    },
    {
      before: ['The staging server is called Kestrel.'],
      say: 'What did we talk about earlier?',
      calls: [],
      answer: ['- “The staging server is called Kestrel.”'],
    },
    {
      before: ['The staging server is called Kestrel.'],
      say: 'What did I tell you at the start?',
      calls: [],
      answer: ['- “The staging server is called Kestrel.”'],
    },
    {
      say: 'what have you got saved on me?',
      calls: [],
      answer: ['Here is what my memory holds about you'],
    },
    {
      say: 'do you know who I am',
      calls: [],
      answer: ['Here is what my memory holds about you'],
    },
    {
      before: ['My name is Ines'],
      say: 'Remind me what my name is',
      calls: [],
      answer: ['Your name is **Ines**.'],
    },
    {
      before: ['My name is Ada'],
      say: 'FYI whats my name',
      calls: [],
      answer: ['Your name is **Ada**.'],
    },
    {
      before: ['I work as a baker.'],
      say: 'what did I tell you about my job?',
      calls: [],
      answer: ['Used /memories/AGENTS.md line 7: “User works as a baker.”'],
    },
    {
      before: ['I like tea'],
      say: 'do you remember that I like tea?',
      calls: [],
      answer: ['“User likes tea.”'],
    },
  ],

  files: [
    {
      say: 'Can you show me what files there are?',
      calls: [['ls', { path: '/' }]],
      answer: [WORKSPACE_LISTING],
    },
    {
      say: 'Could you show me the folder structure?',
      calls: [['ls', { path: '/' }]],
      answer: [WORKSPACE_LISTING],
    },
    {
      say: 'what does the directory look like',
      calls: [['ls', { path: '/' }]],
      answer: [WORKSPACE_LISTING],
    },
    {
      say: 'are there any files in here',
      calls: [['ls', { path: '/' }]],
      answer: [WORKSPACE_LISTING],
    },
    {
      say: "What's the file structure of src?",
      calls: [['ls', { path: '/src' }]],
      answer: ['/src has 1 file:'],
    },
    {
      say: 'lsit the fiels',
      calls: [['ls', { path: '/' }]],
      answer: [WORKSPACE_LISTING],
    },
    {
      say: 'display readme.md',
      calls: [['glob', { pattern: '**/{readme.md,README.MD,Readme.md,README.md}' }], ['read_file']],
      answer: ['Found /README.md (7 lines):'],
    },
    {
      say: 'search the readme for WEATHER',
      calls: [
        ['grep', { pattern: 'WEATHER', glob: '{readme,README,Readme}*', output_mode: 'content' }],
      ],
      answer: ['1 line matched “WEATHER” in 1 file', '/README.md:'],
    },
    {
      say: 'look for TODO in the notes',
      calls: [['grep', { pattern: 'TODO', path: '/notes' }]],
      answer: ['/notes/todo.md:'],
    },
    {
      say: 'can I see the todo list',
      calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
      answer: ['Found /notes/todo.md (4 lines):'],
    },
  ],

  explanations: [
    {
      say: 'Explain how summarization works here',
      calls: [],
      answer: ['- **Summarization**:', '/conversation_history/'],
      not: ["can't"],
      suggestions: ['Show me compaction'],
    },
    { say: 'Tell me about context compression', calls: [], answer: ['- **Truncation**:'] },
    {
      say: "What's truncation?",
      calls: [],
      answer: ['Truncation is the second step of compaction', 'first 20 characters'],
    },
    {
      say: 'why was my tool result saved to a file?',
      calls: [],
      answer: ['Offload: a tool result over the offload limit'],
    },
    { say: 'explain the sliding window strategy', calls: [], answer: ['- **Sliding window**:'] },
    {
      say: "What's the arena for?",
      calls: [],
      answer: ['The Arena (the “Arena” button at the top) replays one transcript'],
    },
    {
      say: 'tell me about the token chart',
      calls: [],
      answer: ['The Token usage panel charts every model call'],
    },
    {
      say: 'What does the context inspector do?',
      calls: [],
      answer: ['the exact request the model would receive', 'Copy as JSON'],
    },
    {
      say: 'switch to sliding window',
      calls: [],
      answer: ['the “Context strategy” select above the conversation', '- **Sliding window**:'],
    },
    {
      say: 'how do I export my memory?',
      calls: [],
      answer: ['“Export bundle”', 'never an API key'],
    },
  ],

  greetings: [{ say: 'morning', calls: [], answer: ['Hi! '] }],

  thanks: [
    { say: 'cheers mate', calls: [], answer: ["You're welcome."] },
    { say: 'that was really useful', calls: [], answer: ['Glad it helped.'] },
    { say: "thanks, that's all", calls: [], answer: ["You're welcome."] },
    { say: 'never mind', calls: [], answer: ['OK.'], not: [SAVED] },
  ],

  capabilities: [
    { say: 'What are you able to help with?', calls: [], answer: [HELP_MARK] },
    { say: 'what sorts of things can I ask you?', calls: [], answer: [HELP_MARK] },
  ],

  unsupported: [
    {
      say: 'remind me to call mum at 5',
      calls: [],
      answer: ["I can't remind you to call mum at 5: I'm a fixed script, not a language model."],
    },
    {
      say: 'Write a poem about my dog please',
      calls: [],
      answer: ["I can't write a poem about your dog: I'm a fixed script"],
    },
    {
      // An echo would not read well: the request is quoted instead. (A trailing emoji is a
      // courtesy, taken off like "please": "draw me a cat 🐱" is echoed as "draw a cat".)
      say: 'draw me a cat =^.^=',
      calls: [],
      answer: [
        "“draw me a cat =^.^=” is something I can't do: I'm a fixed script, not a language model.",
      ],
    },
    { say: 'explain yourself', calls: [], answer: ['not a language model', 'Settings'] },
    {
      say: 'that is wrong',
      calls: [],
      answer: ["Sorry that missed. I'm a fixed script, not a language model"],
      not: ['I only save things'],
    },
  ],

  'statements and summaries': [
    {
      before: ['The staging server is called Kestrel.'],
      say: "what's the tl;dr of our chat?",
      calls: [],
      answer: ['An extractive summary', 'The staging server is called Kestrel.'],
    },
    {
      say: "My name's Lee, I'm a nurse, and please list the files",
      calls: [edit("User's name is Lee.\n- User is a nurse."), ['ls', { path: '/' }]],
      answer: ["- User's name is Lee.\n- User is a nurse.", WORKSPACE_LISTING],
    },
  ],
};

const rows = [TABLE, HELD_OUT].flatMap((table) =>
  Object.entries(table).flatMap(([category, list]) => list.map((row) => ({ category, ...row }))),
);

describe('the phrasing table', () => {
  it('has at least 40 rows across every category', () => {
    expect(rows.length).toBeGreaterThanOrEqual(110);
    for (const list of Object.values(TABLE)) expect(list.length).toBeGreaterThan(0);
  });

  it.each(rows.map((row) => [`${row.category}: ${row.say}`, row] as const))(
    '%s',
    async (_, row) => {
      const session = await demoSession();
      for (const text of row.before ?? []) await session.send(text);
      const eventsBefore = session.events.length;
      const turn = await session.send(row.say);

      const calls = turn.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []) : []));
      expect(calls.map((call) => call.name)).toEqual(row.calls.map(([name]) => name));
      row.calls.forEach(([, args], i) => {
        if (args) expect(JSON.parse(calls[i]?.arguments ?? '{}')).toMatchObject(args);
      });
      for (const m of turn) if (m.role === 'tool') expect(m.isError ?? false).toBe(false);

      const final = turn.at(-1) as AssistantMessage;
      expect(final.role).toBe('assistant');
      expect(final.toolCalls ?? []).toEqual([]);
      expect(final.content.endsWith(DEMO_TAG)).toBe(true);
      const { text, suggestions } = splitSuggestions(final.content);
      for (const wanted of row.answer)
        if (typeof wanted === 'string') expect(text).toContain(wanted);
        else expect(text).toMatch(wanted);
      for (const unwanted of row.not ?? []) expect(text).not.toContain(unwanted);
      // The full help text only for an explicit request for it.
      if (row.category !== 'capabilities') expect(text).not.toContain(HELP_MARK);
      expect(suggestions.length).toBeLessThanOrEqual(3);
      if (row.suggestions) expect(suggestions).toEqual(row.suggestions);

      const memory = await session.memory();
      for (const line of row.memory ?? []) expect(memory).toContain(line);
      // A memory write shows as a memory-updated event (the "Memory updated" chip).
      const wrote = calls.some(
        (call) =>
          /edit_file|write_file/.test(call.name) && call.arguments.includes('/memories/AGENTS.md'),
      );
      const updated = session.events.slice(eventsBefore).some((e) => e.type === 'memory-updated');
      expect(updated).toBe(wrote);
    },
  );
});
