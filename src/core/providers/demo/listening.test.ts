// A Demo that listens (issue 33): what the person said earlier in the thread is found and quoted,
// introductions are saved one fact per clause, "forget …" removes the memory line, "make a file …"
// writes it, "open the X in Y" opens it, two named strategies are compared, and "how many
// tokens …" gives the thread's figures. Each row runs through the real agent loop, the app's
// pipeline and the sample workspace (tests/fixtures/demo-session.ts).
// First rates of the four held-out sets, each before any fix for it: set 1 (listening.test.ts, 22
// rows) not recorded, as it was committed with the Demo it tried; set 2 34/40 (85%); set 3 31/40
// (77.5%); set 4 34/40 (85%).
import { describe, expect, it } from 'vitest';
import {
  NOT_UNDERSTOOD,
  SAVED,
  TOKENS,
  demoSession,
  heldOutRate,
  playRow,
  removal,
  type Row,
} from '../../../../tests/fixtures/demo-session';
import { splitSuggestions } from '.';

const PRIYA = "hey there, I'm Priya, a data engineer in Lisbon";
const memoryEdit = (added: string): [string, Record<string, unknown>] => [
  'edit_file',
  { file_path: '/memories/AGENTS.md', new_string: expect.stringContaining(`\n- ${added}`) },
];

/**
 * Held out: written before any of the Demo's new patterns, never tuned on. The test reports the
 * share understood (the goal is 90%); rows that fail are listed, not fixed one by one.
 */
const HELD_OUT: Row[] = [
  {
    before: ["Hi! I'm Marta, a UX designer in Berlin"],
    say: 'where do I live?',
    calls: [],
    answer: ['Berlin'],
  },
  {
    before: ["Hello, I'm Sven and I work at Spotify"],
    say: 'which company do I work for?',
    calls: [],
    answer: ['Spotify'],
  },
  { before: ['my boss is called Farida'], say: "who's my boss?", calls: [], answer: ['Farida'] },
  {
    before: ["I'm Kofi, a teacher from Accra"],
    say: 'what do I do for work?',
    calls: [],
    answer: ['teacher'],
  },
  {
    before: ["hey, Lena here, I'm a nurse in Graz"],
    say: "what's my name?",
    calls: [],
    answer: ['Lena'],
  },
  {
    before: ["I'm planning to move to Toronto next spring"],
    say: 'what am I planning?',
    calls: [],
    answer: ['Toronto'],
  },
  {
    before: ["I'm working on a Kafka-to-Flink migration"],
    say: 'what project am I working on?',
    calls: [],
    answer: ['Kafka-to-Flink'],
  },
  {
    say: "I'm Rosa, a chemist in Madrid",
    calls: [memoryEdit("User's name is Rosa.")],
    answer: [SAVED],
    memory: ["- User's name is Rosa.", '- User is a chemist.', 'Madrid'],
  },
  {
    before: ['I prefer Go'],
    say: 'please forget that I prefer Go',
    calls: [removal('User prefers Go.')],
    answer: ['User prefers Go.'],
    forgotten: ['User prefers Go.'],
  },
  {
    before: ["I'm allergic to cats"],
    say: 'remove the cat allergy from your memory',
    calls: [removal('User is allergic to cats.')],
    answer: ['User is allergic to cats.'],
    forgotten: ['allergic to cats'],
  },
  {
    say: 'create a file named groceries.md with eggs, milk and bread',
    calls: [['write_file', { file_path: '/groceries.md' }]],
    answer: ['/groceries.md'],
    files: { '/groceries.md': ['eggs, milk and bread'] },
  },
  {
    say: 'write a new file called roadmap.md with four milestones for the launch',
    calls: [['write_file', { file_path: '/roadmap.md' }]],
    answer: ['/roadmap.md'],
    files: { '/roadmap.md': ['1.', '4.', 'launch'] },
  },
  {
    say: 'could you make notes/standup.md saying Blocked on review',
    calls: [['write_file', { file_path: '/notes/standup.md' }]],
    answer: ['/notes/standup.md'],
    files: { '/notes/standup.md': ['Blocked on review'] },
  },
  {
    say: 'open the forecast file in the src folder',
    calls: [['glob'], ['read_file', { file_path: '/src/forecast.ts' }]],
    answer: ['formatForecast'],
  },
  {
    say: 'show me the todo in notes',
    calls: [['glob'], ['read_file', { file_path: '/notes/todo.md' }]],
    answer: ['Cache responses for ten minutes.'],
  },
  {
    say: 'how is retrieval different from the graph strategy?',
    calls: [],
    answer: ['**Retrieval**', '**Graph**'],
    not: ['**Sliding window**'],
  },
  {
    say: 'sliding window vs paging - which one?',
    calls: [],
    answer: ['**Sliding window**', '**OS-like paging**'],
    not: ['**Retrieval**'],
  },
  {
    before: ['hello'],
    say: 'how many tokens has this chat used?',
    calls: [],
    answer: [TOKENS],
  },
  {
    before: ['list the files'],
    say: 'tokens used so far?',
    calls: [],
    answer: [TOKENS],
  },
  {
    before: ['I live in Nairobi'],
    say: "remind me which city I'm in",
    calls: [],
    answer: ['Nairobi'],
  },
  {
    before: ["My manager is Deepa and I'm working on the billing service"],
    say: 'who do I report to?',
    calls: [],
    answer: ['Deepa'],
  },
  {
    before: ['My name is Ola'],
    say: 'forget my name',
    calls: [removal("User's name is Ola.")],
    answer: ["User's name is Ola."],
    forgotten: ['Ola'],
  },
];

describe('held-out phrasings', () => {
  it('are understood at the goal rate (90%)', async () => {
    const { understood, rate, missed } = await heldOutRate(HELD_OUT);
    console.log(`held-out understood: ${understood}/${HELD_OUT.length}`, missed);
    expect(HELD_OUT.length).toBeGreaterThanOrEqual(20);
    expect(rate).toBeGreaterThanOrEqual(0.9);
  });
});

const LISBON = 'You live in **Lisbon**';
const TABLE: Record<string, Row[]> = {
  introductions: [
    {
      say: PRIYA,
      calls: [
        [
          'edit_file',
          {
            file_path: '/memories/AGENTS.md',
            new_string: expect.stringContaining(
              "\n- User's name is Priya.\n- User is a data engineer.\n- User lives in Lisbon.",
            ),
          },
        ],
      ],
      answer: [`Hi Priya! ${SAVED}`],
      memory: ["- User's name is Priya.", '- User is a data engineer.', '- User lives in Lisbon.'],
      suggestions: ["What's my name?", 'What city do I live in?', 'What do you remember about me?'],
    },
    {
      say: "Hi, I'm Ana from Porto",
      calls: [memoryEdit("User's name is Ana.\n- User is from Porto.")],
      answer: ['Hi Ana!'],
    },
    {
      say: "I'm a nurse based in Leeds",
      calls: [memoryEdit('User is a nurse.\n- User is based in Leeds.')],
      answer: [SAVED],
    },
    {
      say: 'This is Kenji, a backend developer at Globex',
      calls: [
        memoryEdit(
          "User's name is Kenji.\n- User is a backend developer.\n- User works at Globex.",
        ),
      ],
      answer: [SAVED],
    },
    {
      say: 'my manager is Tomás',
      calls: [memoryEdit("User's manager is Tomás.")],
      answer: [SAVED],
    },
    {
      say: 'I work at Acme as a product manager',
      calls: [memoryEdit('User works at Acme.\n- User works as a product manager.')],
      answer: [SAVED],
    },
    {
      say: "I work at Acme and I'm learning Rust.",
      calls: [memoryEdit('User works at Acme.\n- User is learning Rust.')],
      answer: [SAVED],
      not: ['and I'],
    },
    {
      say: 'I report to Dana Smith',
      calls: [memoryEdit('User reports to Dana Smith.')],
      answer: [SAVED],
    },
    {
      say: 'Priya here, data engineer in Lisbon',
      calls: [
        memoryEdit("User's name is Priya.\n- User is a data engineer.\n- User lives in Lisbon."),
      ],
      answer: [SAVED],
    },
    {
      say: 'I prefer Python',
      calls: [memoryEdit('User prefers Python.')],
      answer: [SAVED],
    },
  ],

  recall: [
    {
      before: [PRIYA],
      say: 'what city do I live in?',
      calls: [],
      answer: [LISBON, `You told me earlier: “${PRIYA}”`],
      not: ['weather-cli', 'Project'],
    },
    { before: [PRIYA], say: "What's my name?", calls: [], answer: ['Your name is **Priya**'] },
    {
      // "What's my name?" is offered only when it has an answer.
      say: 'What do you remember about me?',
      calls: [],
      answer: ['Here is what my memory holds about you'],
      suggestions: [],
    },
    {
      before: ['I drive a blue van.'],
      say: 'What did I tell you earlier?',
      calls: [],
      answer: ['“I drive a blue van.”'],
      suggestions: ['Summarize our conversation'],
    },
    { before: [PRIYA], say: 'where am I based?', calls: [], answer: [LISBON] },
    { before: [PRIYA], say: "what's my job?", calls: [], answer: ['You are a **data engineer**'] },
    { before: [PRIYA], say: 'what do I do for a living?', calls: [], answer: ['a data engineer'] },
    { before: [PRIYA], say: 'do you remember where I live?', calls: [], answer: [LISBON] },
    { before: [PRIYA], say: 'remind me what my job is', calls: [], answer: ['a data engineer'] },
    { before: [PRIYA], say: 'what did I say my name was?', calls: [], answer: ['**Priya**'] },
    {
      before: [PRIYA, 'list the files'],
      say: 'which city am I in?',
      calls: [],
      answer: [LISBON],
    },
    {
      before: ['my manager is Tomás'],
      say: "who's my manager?",
      calls: [],
      answer: ['Your manager is **Tomás**', 'You told me earlier: “my manager is Tomás”'],
    },
    {
      before: ['my manager is Tomás'],
      say: "what's my manager's name?",
      calls: [],
      answer: ['**Tomás**'],
    },
    {
      before: ['I work at Acme'],
      say: 'where do I work?',
      calls: [],
      answer: ['You work at **Acme**'],
    },
    {
      before: ["I'm working on the Iceberg migration"],
      say: 'what am I working on?',
      calls: [],
      answer: ['You are working on **the Iceberg migration**'],
    },
    {
      before: ["I'm planning to migrate our lakehouse to Iceberg next quarter"],
      say: 'what are my plans?',
      calls: [],
      answer: ['Iceberg next quarter'],
    },
    {
      before: ['I prefer Python'],
      say: 'which language do I prefer?',
      calls: [],
      answer: ['You prefer **Python**'],
    },
    {
      before: ["Hi, I'm Ana from Porto"],
      say: 'where am I from?',
      calls: [],
      answer: ['**Porto**'],
    },
    {
      before: ['my partner is called Sam'],
      say: "what's my partner's name?",
      calls: [],
      answer: ['**Sam**'],
    },
    {
      say: 'where do I live?',
      calls: [],
      answer: ["I don't know where you live"],
      not: ['weather-cli', 'AGENTS.md line'],
    },
    {
      // Recall from the conversation alone: a sliding window keeps the message, memory never had it.
      before: ['We are migrating the warehouse to Iceberg in March.'],
      say: 'when are we migrating the warehouse?',
      calls: [],
      answer: ['We are migrating the warehouse to Iceberg in March.'],
    },
  ],

  'more recall': [
    {
      before: ["Hello! I'm Tariq, a software engineer at Shopify in Ottawa"],
      say: "where's home for me?",
      calls: [],
      answer: ['You live in **Ottawa**'],
    },
    {
      before: ["Hello! I'm Tariq, a software engineer at Shopify in Ottawa"],
      say: "what's my employer?",
      calls: [],
      answer: ['You work at **Shopify**'],
    },
    {
      before: ['my wife is Elena'],
      say: "what's my wife's name?",
      calls: [],
      answer: ['**Elena**'],
    },
    {
      before: ["I'm learning Japanese"],
      say: 'what am I studying?',
      calls: [],
      answer: ['You are learning **Japanese**'],
    },
    {
      before: ['I love hiking'],
      say: 'what do I like?',
      calls: [],
      answer: ['You love **hiking**'],
    },
    {
      before: ["I'm Jonas. I work for the city council as a planner."],
      say: "what's my role?",
      calls: [],
      answer: ['You work as a **planner**'],
    },
    {
      before: ["I'm Jonas. I work for the city council as a planner."],
      say: 'where do I work?',
      calls: [],
      answer: ['You work at **the city council**'],
    },
    {
      before: ['Hi, my name is Aisha and I live in Cairo'],
      say: 'where did I say I live?',
      calls: [],
      answer: ['You live in **Cairo**'],
    },
    {
      before: ['Hi, my name is Aisha and I live in Cairo'],
      say: 'do you know what I do?',
      calls: [],
      answer: ["I don't know what you do"],
    },
    {
      before: ["I'm based in Austin, Texas"],
      say: 'which city am I based in?',
      calls: [],
      answer: ['You are based in **Austin, Texas**'],
    },
    {
      before: ['my girlfriend is called Mia'],
      say: 'who is my partner?',
      calls: [],
      answer: ['Your girlfriend is called **Mia**'],
    },
    { before: ['I work at Acme'], say: 'what company am I at?', calls: [], answer: ['**Acme**'] },
    { before: ['I work at Acme'], say: 'tell me where I work', calls: [], answer: ['**Acme**'] },
  ],

  forget: [
    {
      before: ['I prefer Python'],
      say: 'forget that I prefer Python',
      calls: [removal('User prefers Python.')],
      answer: ['Removed from /memories/AGENTS.md: “User prefers Python.”'],
      // The last line goes with its line break: no empty line is left at the end.
      memory: ['- Writes TypeScript with strict mode on.\n'],
      forgotten: ['User prefers Python.', 'on.\n\n'],
    },
    {
      before: ['I prefer Python'],
      say: 'delete the line about Python from memory',
      calls: [removal('User prefers Python.')],
      answer: ['Removed from /memories/AGENTS.md'],
      forgotten: ['Python'],
    },
    {
      before: ['My name is Dana'],
      say: 'forget my name',
      calls: [removal("User's name is Dana.")],
      answer: ["“User's name is Dana.”"],
      forgotten: ['Dana'],
    },
    {
      before: [PRIYA],
      say: 'please forget that I live in Lisbon',
      calls: [removal('User lives in Lisbon.')],
      answer: ['Removed'],
      forgotten: ['Lisbon'],
      memory: ["- User's name is Priya."],
    },
    {
      before: ["I'm vegetarian"],
      say: "stop remembering that I'm vegetarian",
      calls: [removal('User is vegetarian.')],
      answer: ['Removed'],
      forgotten: ['vegetarian'],
    },
    {
      say: 'forget that I like tea',
      calls: [],
      answer: ['Nothing in /memories/AGENTS.md mentions tea'],
    },
    {
      say: 'remove the TypeScript line from your memory',
      calls: [removal('Writes TypeScript with strict mode on.')],
      answer: ['Removed'],
      forgotten: ['TypeScript'],
    },
    {
      before: ['I like Python', 'I like Rust'],
      say: 'forget what I said about Rust',
      calls: [removal('User likes Rust.')],
      answer: ['Removed'],
      forgotten: ['Rust'],
      memory: ['- User likes Python.'],
    },
  ],

  'more forgetting': [
    {
      before: ["I'm a vegan"],
      say: "delete that I'm vegan",
      calls: [removal('User is a vegan.')],
      answer: ['Removed'],
    },
    {
      before: ['I prefer dark mode'],
      say: 'forget my dark mode preference',
      calls: [removal('User prefers dark mode.')],
      answer: ['Removed'],
    },
    {
      before: ['my manager is Tomás'],
      say: 'forget about my manager',
      calls: [removal("User's manager is Tomás.")],
      answer: ["Removed from /memories/AGENTS.md: “User's manager is Tomás.” Undo"],
    },
    {
      before: [PRIYA],
      say: 'erase the fact that I live in Lisbon',
      calls: [removal('User lives in Lisbon.')],
      answer: ['Removed'],
      forgotten: ['Lisbon'],
    },
    {
      before: [PRIYA],
      say: 'please delete my name from your memory',
      calls: [removal("User's name is Priya.")],
      answer: ['Removed'],
      forgotten: ['Priya'],
    },
    {
      before: ['I prefer Python'],
      say: 'remove Python from memory',
      calls: [removal('User prefers Python.')],
      answer: ['Removed'],
    },
  ],

  'writing files': [
    {
      say: 'create a new document called notes.md',
      calls: [['write_file', { file_path: '/notes.md' }]],
      answer: ['Wrote /notes.md: an outline'],
    },
    {
      say: "write 'hello' into greeting.md",
      calls: [['write_file', { file_path: '/greeting.md', content: 'hello\n' }]],
      answer: ['Wrote /greeting.md (1 line), with the text you gave.'],
    },
    {
      say: 'make a checklist file called release.md with five items for the release',
      calls: [['write_file', { file_path: '/release.md' }]],
      answer: ['an outline with 5 numbered items'],
      files: { '/release.md': ['5. (item 5)'] },
    },
    {
      say: 'new file todo2.md with buy milk',
      calls: [['write_file', { file_path: '/todo2.md', content: 'buy milk\n' }]],
      answer: ['Wrote /todo2.md'],
    },
    {
      say: 'put together a file called ideas.txt with some ideas for the blog',
      calls: [['write_file', { file_path: '/ideas.txt' }]],
      answer: ['an outline with 3 numbered ideas'],
    },
    {
      say: 'make a file called plan.md with three steps for migrating to Iceberg',
      calls: [['write_file', { file_path: '/plan.md' }]],
      answer: ['Wrote /plan.md', 'an outline'],
      files: { '/plan.md': ['Iceberg', '1. ', '2. ', '3. ', 'Outline by the Demo provider'] },
      not: ['fixed script, not a language model, so'],
    },
    {
      say: 'create notes/ideas.md containing Try DuckDB for the reports',
      calls: [
        ['write_file', { file_path: '/notes/ideas.md', content: 'Try DuckDB for the reports\n' }],
      ],
      answer: ['Wrote /notes/ideas.md'],
    },
    {
      say: 'write a file hello.txt that says hello world',
      calls: [['write_file', { file_path: '/hello.txt', content: 'hello world\n' }]],
      answer: ['Wrote /hello.txt'],
    },
    {
      say: 'make a new file called shopping.md',
      calls: [['write_file', { file_path: '/shopping.md' }]],
      answer: ['Wrote /shopping.md'],
      files: { '/shopping.md': ['Outline by the Demo provider'] },
    },
    {
      say: 'create a file in the notes folder called meeting.md with an agenda for Monday',
      calls: [['write_file', { file_path: '/notes/meeting.md' }]],
      answer: ['Wrote /notes/meeting.md'],
      files: { '/notes/meeting.md': ['Agenda for Monday'] },
    },
    {
      say: 'save "ship it on Friday" to notes/reminder.txt',
      calls: [['write_file', { file_path: '/notes/reminder.txt', content: 'ship it on Friday\n' }]],
      answer: ['Wrote /notes/reminder.txt'],
    },
    {
      say: 'write plan.md with the steps: back up the tables, convert to Iceberg, switch readers',
      calls: [
        [
          'write_file',
          {
            file_path: '/plan.md',
            content: 'back up the tables, convert to Iceberg, switch readers\n',
          },
        ],
      ],
      answer: ['Wrote /plan.md'],
    },
    {
      say: 'write a long file',
      calls: [['write_file', { file_path: '/notes/long-notes-1.md' }]],
      answer: ['I wrote /notes/long-notes-1.md (12 sections).'],
    },
  ],

  'opening files': [
    {
      say: 'Can you open the todo list in the notes folder?',
      calls: [
        ['glob', { path: '/notes' }],
        ['read_file', { file_path: '/notes/todo.md' }],
      ],
      answer: ['Found /notes/todo.md (4 lines):', 'Add a --units flag'],
    },
    {
      say: 'show me the readme in the docs folder',
      calls: [['glob', { path: '/docs' }], ['glob'], ['read_file', { file_path: '/README.md' }]],
      answer: ['No file named “readme” in /docs', 'Found /README.md'],
    },
    {
      say: 'open the forecast in src',
      calls: [
        ['glob', { path: '/src' }],
        ['read_file', { file_path: '/src/forecast.ts' }],
      ],
      answer: ['export function formatForecast'],
    },
    {
      say: 'open todo.md in the notes folder',
      calls: [['read_file', { file_path: '/notes/todo.md' }]],
      answer: ['/notes/todo.md (4 lines):'],
    },
    {
      say: 'show the todo list from notes',
      calls: [
        ['glob', { path: '/notes' }],
        ['read_file', { file_path: '/notes/todo.md' }],
      ],
      answer: ['Found /notes/todo.md'],
    },
  ],

  'more opening': [
    {
      say: 'open the forecast source in src',
      calls: [
        ['glob', { path: '/src' }],
        ['read_file', { file_path: '/src/forecast.ts' }],
      ],
      answer: ['Found /src/forecast.ts'],
    },
    {
      say: 'display the readme in the project root',
      calls: [['glob'], ['read_file', { file_path: '/README.md' }]],
      answer: ['Found /README.md'],
    },
    {
      say: 'could you open the readme from the root folder',
      calls: [['glob'], ['read_file', { file_path: '/README.md' }]],
      answer: ['Found /README.md'],
    },
    {
      say: 'pull up the forecast in the src directory',
      calls: [
        ['glob', { path: '/src' }],
        ['read_file', { file_path: '/src/forecast.ts' }],
      ],
      answer: ['Found /src/forecast.ts'],
    },
    {
      say: 'read the todo in the notes dir',
      calls: [
        ['glob', { path: '/notes' }],
        ['read_file', { file_path: '/notes/todo.md' }],
      ],
      answer: ['Found /notes/todo.md'],
    },
  ],

  'comparing strategies': [
    {
      say: 'retrieval or graph, which is better?',
      calls: [],
      answer: ['**Retrieval** and **Graph**, side by side'],
    },
    {
      say: 'compare sliding window with hierarchical',
      calls: [],
      answer: ['**Sliding window** and **Hierarchical**'],
    },
    {
      say: "what's the difference between paging and compression?",
      calls: [],
      answer: ['**OS-like paging** and **Compression**'],
    },
    {
      say: "what's the difference between the sliding window and summarization strategies?",
      calls: [],
      answer: ['**Sliding window**', '**Summarization**'],
      not: ['**Retrieval**', 'The ten here'],
    },
    {
      say: 'compare retrieval and paging',
      calls: [],
      answer: ['**Retrieval**', '**OS-like paging**'],
      not: ['**Sliding window**'],
    },
    {
      say: 'sliding window vs summarization?',
      calls: [],
      answer: ['**Sliding window**', '**Summarization**'],
      not: ['**Graph**'],
    },
    {
      say: 'how does the graph strategy differ from hierarchical?',
      calls: [],
      answer: ['**Graph**', '**Hierarchical**'],
      not: ['**Retrieval**'],
    },
    {
      say: 'which is better: compression or summarization?',
      calls: [],
      answer: ['**Compression**', '**Summarization**'],
      not: ['**Retrieval**'],
    },
    {
      say: 'difference between memory-augmented and retrieval',
      calls: [],
      answer: ['**Memory-augmented**', '**Retrieval**'],
      not: ['**Graph**'],
    },
  ],

  tokens: [
    {
      before: ['hello'],
      say: 'how many tokens so far?',
      calls: [],
      answer: [/1 model call so far/],
    },
    {
      before: ['hello'],
      say: "what's the total token count?",
      calls: [],
      answer: [/[\d,]+ input tokens/],
    },
    { before: ['hello'], say: 'token count?', calls: [], answer: [/[\d,]+ output tokens/] },
    {
      before: ['hello'],
      say: 'how many tokens have we used?',
      calls: [],
      answer: [/1 model call so far: [\d,]+ input tokens and [\d,]+ output tokens/],
      not: ['The Token usage panel charts every model call'],
    },
    {
      before: ['list the files'],
      say: "what's our token count so far?",
      calls: [],
      answer: [/2 model calls so far: [\d,]+ input tokens/],
    },
    {
      say: 'how many tokens have we used?',
      calls: [],
      answer: [
        'No model call of this thread has finished yet',
        /This request is about [\d,]+ tokens/,
      ],
    },
    {
      before: ['hello', 'thanks'],
      say: 'how many tokens is this conversation using?',
      calls: [],
      answer: [/2 model calls so far/],
    },
    { before: ['hello'], say: 'token usage so far?', calls: [], answer: [/[\d,]+ input tokens/] },
  ],
  // Families that held-out-2 missed before they were fixed (each row a sibling, not the sentence).
  'held-out-2 families': [
    { before: ['hi'], say: 'what are the token figures?', calls: [], answer: [TOKENS] },
    {
      before: ['hello'],
      say: 'how many have we used up in tokens?',
      calls: [],
      answer: [TOKENS],
    },
    {
      say: 'let me see what is in notes/todo.md',
      calls: [['read_file', { file_path: '/notes/todo.md' }]],
      answer: ['Cache responses for ten minutes.'],
    },
    {
      say: 'make notes/call.md containing Status: waiting on legal',
      calls: [['write_file', { file_path: '/notes/call.md' }]],
      answer: ['/notes/call.md'],
      files: { '/notes/call.md': ['Status: waiting on legal'] },
    },
    {
      say: 'write down a file trips.md listing five weekend destinations',
      calls: [['write_file', { file_path: '/trips.md' }]],
      answer: ['/trips.md'],
      files: { '/trips.md': ['1.', '5.', 'Outline'] },
    },
    {
      before: ['I prefer Rust'],
      say: 'feel free to forget that I prefer Rust',
      calls: [removal('User prefers Rust.')],
      answer: ['User prefers Rust.'],
      forgotten: ['User prefers Rust.'],
    },
  ],
};

const rows = Object.entries(TABLE).flatMap(([category, list]) =>
  list.map((row) => ({ category, ...row })),
);

describe('a Demo that listens', () => {
  it('has the issue’s phrasings and at least 40 more', () => {
    expect(rows.length).toBeGreaterThanOrEqual(50);
  });

  it.each(rows.map((row) => [`${row.category}: ${row.say}`, row] as const))(
    '%s',
    async (_, row) => {
      expect(await playRow(row, { click: true })).toEqual([]);
    },
  );

  it('offers only suggestions that work when clicked', async () => {
    const session = await demoSession();
    const pending = [
      PRIYA,
      'forget that I live in Lisbon',
      'make a file called plan.md',
      'how many tokens have we used?',
    ];
    const clicked = new Set<string>();
    while (pending.length > 0) {
      const text = pending.shift()!;
      const turn = await session.send(text);
      const final = turn.at(-1);
      const { text: answer, suggestions } = splitSuggestions(final?.content ?? '');
      for (const failure of NOT_UNDERSTOOD) expect(answer, text).not.toContain(failure);
      expect(answer, text).not.toContain("I don't know your name");
      for (const suggestion of suggestions)
        if (!clicked.has(suggestion) && clicked.size < 12) {
          clicked.add(suggestion);
          pending.push(suggestion);
        }
    }
    expect(clicked.size).toBeGreaterThan(3);
  });
});

describe('fact memory with the Demo', () => {
  it('"Update memory now" finds the introduction, the preference and the manager', async () => {
    const session = await demoSession();
    for (const text of [PRIYA, 'I prefer Python', 'my manager is Tomás']) await session.send(text);
    const outcome = await session.updateFacts();
    expect(outcome.status).toBe('updated');
    const facts = JSON.parse((await session.read('/memories/memory.json')) ?? '{}') as {
      facts: { content: string }[];
    };
    expect(facts.facts.map((fact) => fact.content)).toEqual([
      "The user's name is Priya.",
      'Is a data engineer.',
      'Lives in Lisbon.',
      'Prefers Python.',
      "The user's manager is Tomás.",
    ]);
  });
});

describe('the Graph strategy with the Demo', () => {
  it('records the user’s facts with the user as the subject, never the assistant', async () => {
    const session = await demoSession('graph');
    await session.send(PRIYA);
    // The Demo's own answer quotes "I work at Acme and I'm learning Rust" as an example.
    await session.send('What is fact memory?');
    await session.send("I'm working on the Iceberg migration");
    const state = JSON.stringify(session.state);
    expect(state).toContain('"s":"User","r":"lives in","o":"Lisbon"');
    expect(state).toContain('"s":"User","r":"is working on","o":"the Iceberg migration"');
    expect(state).not.toContain('"s":"Assistant"');
    expect(state).not.toContain('Acme');
  });
});
