import { describe, expect, it } from 'vitest';
import {
  ProviderError,
  type AssistantMessage,
  type ModelMessage,
  type ModelRequest,
  type StreamEvent,
  type ToolCall,
  type ToolSchema,
} from '../../agent/types';
import { formatMemoryBlock } from '../../memory/agents-md';
import { countRequest, loadEncoder } from '../../tokens/counter';
import {
  DEMO_PROVIDER_NOTICE,
  DEMO_TAG,
  countOccurrences,
  createDemoProvider,
  parseAgentMemoryBlock,
  planDemoReply,
  type MemorySource,
} from '.';

const BASE = 'You are a helpful assistant.';
const USER_MEMORY =
  '# Memory\n\n## Preferences\n- Prefers TypeScript over JavaScript.\n- Likes short answers.\n\n## Work\n- Works at Acme as a data engineer.';

let seq = 0;
const user = (content: string): ModelMessage => ({
  role: 'user',
  id: `u${++seq}`,
  content,
  createdAt: seq,
});
const assistant = (content: string, toolCalls?: ToolCall[]): ModelMessage => ({
  role: 'assistant',
  id: `a${++seq}`,
  content,
  ...(toolCalls ? { toolCalls } : {}),
  createdAt: seq,
});
const tool = (call: ToolCall, content: string, isError = false): ModelMessage => ({
  role: 'tool',
  id: `t${++seq}`,
  toolCallId: call.id,
  toolName: call.name,
  content,
  ...(isError ? { isError: true } : {}),
  createdAt: seq,
});

const TOOLS: ToolSchema[] = ['ls', 'read_file', 'write_file', 'edit_file', 'glob', 'grep'].map(
  (name) => ({ name, description: name, parameters: { type: 'object', properties: {} } }),
);

function systemWith(sources: MemorySource[]): string {
  return `${BASE}\n\n${formatMemoryBlock(sources)}`;
}

function request(
  messages: ModelMessage[],
  sources: MemorySource[] = [{ path: '/memories/AGENTS.md', content: USER_MEMORY }],
): ModelRequest {
  return { model: 'demo', system: systemWith(sources), messages, tools: TOOLS };
}

function onlyCall(reply: { toolCalls?: ToolCall[] }): {
  call: ToolCall;
  args: Record<string, string>;
} {
  expect(reply.toolCalls).toHaveLength(1);
  const call = reply.toolCalls?.[0] as ToolCall;
  return { call, args: JSON.parse(call.arguments) as Record<string, string> };
}

describe('parseAgentMemoryBlock', () => {
  it('reads every source, content with blank lines included', () => {
    const sources = [
      { path: '/memories/AGENTS.md', content: USER_MEMORY },
      { path: '/AGENTS.md', content: '# Project\n\nRun `npm test`.\n\n- Uses Vite.' },
    ];
    expect(parseAgentMemoryBlock(systemWith(sources))).toEqual(sources);
  });

  it('reads a hand-written block and ignores inline mentions of the tag', () => {
    const system = [
      'Mind the <agent_memory> block below.',
      '<agent_memory>',
      '/memories/AGENTS.md',
      '',
      '- Likes tea.',
      '',
      '/AGENTS.md',
      '',
      'Project notes.',
      '</agent_memory>',
      'The <agent_memory> block above may be stale.',
    ].join('\n');
    expect(parseAgentMemoryBlock(system)).toEqual([
      { path: '/memories/AGENTS.md', content: '- Likes tea.' },
      { path: '/AGENTS.md', content: 'Project notes.' },
    ]);
  });

  it('tolerates "(No memory loaded)" and a missing block', () => {
    expect(parseAgentMemoryBlock(systemWith([]))).toEqual([]);
    expect(parseAgentMemoryBlock(BASE)).toEqual([]);
  });

  it('restores tag names the injector neutralised', () => {
    const content = '- Never print </agent_memory> literally.';
    expect(parseAgentMemoryBlock(systemWith([{ path: '/memories/AGENTS.md', content }]))).toEqual([
      { path: '/memories/AGENTS.md', content },
    ]);
  });
});

describe('remember', () => {
  it('appends to /memories/AGENTS.md with edit_file, old_string unique', () => {
    const messages = [user('Please remember that I drink my coffee black')];
    const { call, args } = onlyCall(planDemoReply(request(messages)));
    expect(call.name).toBe('edit_file');
    expect(call.id).toMatch(/^demo_call_1_/);
    expect(args.file_path).toBe('/memories/AGENTS.md');
    expect(args.old_string).toBe('- Works at Acme as a data engineer.');
    expect(countOccurrences(USER_MEMORY, args.old_string ?? '')).toBe(1);
    expect(args.new_string).toBe(
      '- Works at Acme as a data engineer.\n- User drinks their coffee black.',
    );
  });

  it.each([
    ['remember that I like tea', 'User likes tea.'],
    ['REMEMBER: my dog is called Rex.', "User's dog is called Rex."],
    ['note that I prefer tabs over spaces', 'User prefers tabs over spaces.'],
    ['Could you please remember I work remotely on Fridays!', 'User works remotely on Fridays.'],
    [
      "don't forget that the staging server is called Kestrel",
      'The staging server is called Kestrel.',
    ],
    ['I prefer metric units', 'User prefers metric units.'],
  ])('"%s" saves "- %s"', (text, fact) => {
    const { args } = onlyCall(planDemoReply(request([user(text)])));
    expect(args.new_string?.endsWith(`\n- ${fact}`)).toBe(true);
  });

  it('extends old_string until it is unique', () => {
    const content = '# Memory\n\n- Likes tea.\n\n## Work\n- Likes tea.';
    const { args } = onlyCall(
      planDemoReply(
        request([user('remember that I like cake')], [{ path: '/memories/AGENTS.md', content }]),
      ),
    );
    expect(args.old_string).toBe('## Work\n- Likes tea.');
    expect(countOccurrences(content, args.old_string ?? '')).toBe(1);
    expect(args.new_string).toBe('## Work\n- Likes tea.\n- User likes cake.');
  });

  it('treats a last line that is part of an earlier line as not unique', () => {
    const content = '- tea time at five\n- tea';
    const { args } = onlyCall(
      planDemoReply(request([user('remember X')], [{ path: '/memories/AGENTS.md', content }])),
    );
    expect(args.old_string).toBe(content);
  });

  it('creates the file with write_file when it is missing, and fills an empty one', () => {
    for (const sources of [[], [{ path: '/AGENTS.md', content: 'Project.' }]]) {
      const { call, args } = onlyCall(
        planDemoReply(request([user('remember that I like tea')], sources)),
      );
      expect(call.name).toBe('write_file');
      expect(args).toEqual({
        file_path: '/memories/AGENTS.md',
        content: '# Memory\n\n- User likes tea.\n',
      });
    }
    // An empty file exists, so write_file would refuse it: edit_file fills it.
    const empty = onlyCall(
      planDemoReply(
        request([user('remember that I like tea')], [{ path: '/memories/AGENTS.md', content: '' }]),
      ),
    );
    expect(empty.call.name).toBe('edit_file');
    expect(empty.args).toEqual({
      file_path: '/memories/AGENTS.md',
      old_string: '',
      new_string: '# Memory\n\n- User likes tea.\n',
    });
  });

  it('does not store what is already there, nor secrets', () => {
    const again = planDemoReply(request([user('Remember: likes short answers')]));
    expect(again.toolCalls).toBeUndefined();
    expect(again.content).toContain('already in /memories/AGENTS.md');

    const secret = planDemoReply(
      request([user('remember that my API key is sk-abcdefghijklmnop')]),
    );
    expect(secret.toolCalls).toBeUndefined();
    expect(secret.content).toMatch(/won't store that/);
  });

  it('reports the saved line after the tool result, or quotes the error', () => {
    const first = [user('remember that I like tea')];
    const step = planDemoReply(request(first));
    const call = step.toolCalls?.[0] as ToolCall;
    const ok = planDemoReply(
      request([
        ...first,
        assistant(step.content, [call]),
        tool(call, 'Successfully replaced 1 instance'),
      ]),
    );
    expect(ok.toolCalls).toBeUndefined();
    expect(ok.content).toContain('Saved to /memories/AGENTS.md:\n\n- User likes tea.');

    const failed = planDemoReply(
      request([
        ...first,
        assistant(step.content, [call]),
        tool(call, "Error: String not found in file: '- Works at Acme'", true),
      ]),
    );
    expect(failed.content).toContain('The edit failed');
    expect(failed.content).toContain("Error: String not found in file: '- Works at Acme'");
  });
});

describe('file tools', () => {
  it.each([
    ['read /notes/todo.md', 'read_file', { file_path: '/notes/todo.md' }],
    ['Read notes/todo.md please', 'read_file', { file_path: '/notes/todo.md' }],
    ['list files', 'ls', { path: '/' }],
    ['ls /memories', 'ls', { path: '/memories' }],
    ['list files in /notes/', 'ls', { path: '/notes/' }],
    ['search TODO', 'grep', { pattern: 'TODO', output_mode: 'content' }],
    [
      'grep "dark mode" in /notes',
      'grep',
      { pattern: 'dark mode', output_mode: 'content', path: '/notes' },
    ],
    [
      'search my memory for tea',
      'grep',
      { pattern: 'tea', output_mode: 'content', path: '/memories/' },
    ],
    ['find *.md', 'glob', { pattern: '*.md' }],
    ['glob **/*.ts in /src', 'glob', { pattern: '**/*.ts', path: '/src' }],
  ])('"%s" calls %s', (text, name, expected) => {
    const { call, args } = onlyCall(planDemoReply(request([user(text)])));
    expect(call.name).toBe(name);
    expect(args).toEqual(expected);
  });

  it('summarises results briefly', () => {
    const run = (text: string, result: string) => {
      const first = [user(text)];
      const step = planDemoReply(request(first));
      const call = step.toolCalls?.[0] as ToolCall;
      return planDemoReply(request([...first, assistant(step.content, [call]), tool(call, result)]))
        .content;
    };
    const read = run(
      'read /notes/todo.md',
      '     1\t# Todo\n     2\t- buy milk\n     3\t- call Ann',
    );
    expect(read).toContain('/notes/todo.md (3 lines)');
    expect(read).toContain('- buy milk');

    expect(run('list files', "['/memories/', '/notes/todo.md']")).toContain(
      'The workspace (/) has 1 file and 1 folder:',
    );
    expect(run('search milk', '/notes/todo.md:\n  2: - buy milk')).toContain(
      '1 line matched “milk” in 1 file',
    );
    expect(run('search zebra', 'No matches found')).toContain('No matches for “zebra”');
    expect(run('find *.md', "['/a.md', '/b.md', '/c.md']")).toContain('3 files match *.md');
    expect(run('read /missing.md', 'Error: File not found: /missing.md')).toContain(
      'Error: File not found',
    );
  });
});

describe('questions', () => {
  it('answers from the lines that share words, naming them', () => {
    const reply = planDemoReply(request([user('Which language do I prefer, TypeScript?')]));
    expect(reply.toolCalls).toBeUndefined();
    expect(reply.content).toContain(
      'Used /memories/AGENTS.md line 4: “Prefers TypeScript over JavaScript.”',
    );
    expect(reply.content).not.toContain('Acme');
  });

  it('lists the lines of the user memory for "what do you know about me", naming them', () => {
    const reply = planDemoReply(request([user('What do you know about me?')]));
    expect(reply.content).toContain(
      'Here is what my memory holds about you (/memories/AGENTS.md):',
    );
    expect(reply.content).toContain('- Prefers TypeScript over JavaScript. (line 4)');
    expect(reply.content).toContain('- Likes short answers. (line 5)');
    expect(reply.content).toContain('- Works at Acme as a data engineer. (line 8)');
  });

  it('treats "prefer" as the kind of answer wanted, not its subject', () => {
    const all = planDemoReply(request([user('Which preferences do I have?')]));
    expect(all.content.match(/Used \/memories\/AGENTS.md line/g)).toHaveLength(3);
    const work = planDemoReply(request([user('Where do I work?')]));
    expect(work.content).toContain(
      'Used /memories/AGENTS.md line 8: “Works at Acme as a data engineer.”',
    );
    expect(work.content).not.toContain('line 4');
    const name = planDemoReply(request([user('Can you remember what my name is?')]));
    expect(name.toolCalls).toBeUndefined();
    expect(name.content).toMatch(/I don't know your name/);
  });

  it('quotes project memory too', () => {
    const sources = [
      { path: '/memories/AGENTS.md', content: USER_MEMORY },
      { path: '/AGENTS.md', content: '# Project\n\n- Tests run with vitest.' },
    ];
    const reply = planDemoReply(request([user('How are tests run here?')], sources));
    expect(reply.content).toContain('Used /AGENTS.md line 3: “Tests run with vitest.”');
  });

  it('recalls from what the request carries of the conversation when memory has nothing', () => {
    const withWindow = planDemoReply(
      request([
        user('The locker code is 4417.'),
        assistant('Noted.'),
        user('What is the locker code?'),
      ]),
    );
    expect(withWindow.content).toContain('From an earlier message: “The locker code is 4417.”');
    const block = request([user('Where does alice work?')], []);
    block.system +=
      '\n\n<conversation_memory section="Graph facts">\nAlice --[works at]--> Acme\n</conversation_memory>';
    const fromGraph = planDemoReply(block);
    const twice = request([user('Where does alice work?')], []);
    twice.system +=
      '\n\n<conversation_memory section="Retrieved">\nAlice works at Acme.\n---\nAlice works at Acme.\n</conversation_memory>';
    expect(planDemoReply(twice).content.match(/Alice works at Acme/g)).toHaveLength(1);
    expect(fromGraph.content).toContain(
      "From the strategy's “Graph facts”: “Alice --[works at]--> Acme”",
    );
    // A memory line sharing one word loses to an earlier message sharing two.
    const closer = planDemoReply(
      request(
        [user('The locker code is 4417.'), assistant('Noted.'), user('What is the locker code?')],
        [{ path: '/AGENTS.md', content: '- Prefers concise answers with code examples.' }],
      ),
    );
    expect(closer.content).toContain('From an earlier message: “The locker code is 4417.”');
    // A window that dropped the turn: nothing to recall.
    const dropped = planDemoReply(request([user('What is the locker code?')]));
    expect(dropped.content).toMatch(/found nothing about that/);
  });

  it('says so when nothing matches or no memory is loaded', () => {
    const none = planDemoReply(request([user('Where was I born?')]));
    expect(none.content).toMatch(/found nothing about that/);
    expect(none.content).not.toContain('Used ');
    const empty = planDemoReply(request([user('What do you know about me?')], []));
    expect(empty.content).toMatch(/My memory holds nothing about you yet/);
    const nothing = planDemoReply(request([user('Where was I born?')], []));
    expect(nothing.content).toMatch(/No memory is loaded/);
  });
});

describe('summaries', () => {
  const REQUEST =
    'Summarize the conversation above. Use exactly these sections: SESSION INTENT, SUMMARY, ARTIFACTS, NEXT STEPS.';
  const sections = (text: string) => text.split('\n').filter((line) => line.startsWith('## '));

  function conversation(): ModelMessage[] {
    const write: ToolCall = {
      id: 'c1',
      name: 'write_file',
      arguments: JSON.stringify({ file_path: '/notes/plan.md', content: '# Plan' }),
    };
    const edit: ToolCall = {
      id: 'c2',
      name: 'edit_file',
      arguments: JSON.stringify({
        file_path: '/memories/AGENTS.md',
        old_string: 'a',
        new_string: 'b',
      }),
    };
    return [
      user('Help me plan a trip to Lisbon in May. I have five days.'),
      assistant('Writing a plan.', [write]),
      tool(write, 'Updated file /notes/plan.md'),
      assistant('I wrote the plan to /notes/plan.md. Day one is the Alfama district.'),
      user('Remember that I am vegetarian.'),
      assistant('', [edit]),
      tool(edit, 'Successfully replaced 1 instance'),
      assistant(`I saved that. ${DEMO_TAG}`),
      user('Now book a table for Friday.'),
    ];
  }

  it('returns the four sections from the messages, with artifacts', () => {
    const reply = planDemoReply(request([...conversation(), user(REQUEST)]));
    expect(reply.toolCalls).toBeUndefined();
    expect(sections(reply.content)).toEqual([
      '## SESSION INTENT',
      '## SUMMARY',
      '## ARTIFACTS',
      '## NEXT STEPS',
    ]);
    expect(reply.content).toContain('## SESSION INTENT\nHelp me plan a trip to Lisbon in May.');
    expect(reply.content).toContain('- User: Remember that I am vegetarian.');
    expect(reply.content).toContain('- Assistant: I wrote the plan to /notes/plan.md.');
    expect(reply.content).toContain('- /notes/plan.md (written');
    expect(reply.content).toContain('- /memories/AGENTS.md (edited)');
    expect(reply.content).toContain('Now book a table for Friday.');
    expect(reply.content).toContain(DEMO_TAG);
  });

  it('says to continue when the last request was answered', () => {
    const messages = conversation().slice(0, -1);
    // A summarizer call says so by its purpose (the Demo answers by purpose, not by the prompt).
    const reply = planDemoReply({
      ...request(messages),
      purpose: 'summary',
      system: `You summarise conversations. Write SESSION INTENT, SUMMARY, ARTIFACTS and NEXT STEPS.`,
    });
    expect(sections(reply.content)).toHaveLength(4);
    expect(reply.content).toContain("## NEXT STEPS\nContinue with the user's next request.");
  });

  it('reads a transcript inside the last user message', () => {
    const prompt = [
      'Extract the context of the conversation below. Respond with the sections ## SESSION INTENT, ## SUMMARY, ## ARTIFACTS, ## NEXT STEPS.',
      '<messages>',
      'Human: Please fix the failing test in /src/app.test.ts.',
      'AI: I read /src/app.test.ts and found the typo.',
      'Tool: Updated file /src/app.test.ts',
      'Human: Thanks! Now update the README.',
      '</messages>',
    ].join('\n');
    const reply = planDemoReply({
      model: 'demo',
      system: 'You are a summarizer.',
      messages: [user(prompt)],
      tools: [],
    });
    expect(sections(reply.content)).toEqual([
      '## SESSION INTENT',
      '## SUMMARY',
      '## ARTIFACTS',
      '## NEXT STEPS',
    ]);
    expect(reply.content).toContain(
      '## SESSION INTENT\nPlease fix the failing test in /src/app.test.ts.',
    );
    expect(reply.content).toContain('- /src/app.test.ts');
    expect(reply.content).toContain('Now update the README.');
  });

  it('is not triggered by an earlier summary in the conversation', () => {
    const summary =
      '## SESSION INTENT\nPlan a trip.\n\n## SUMMARY\n- x\n\n## ARTIFACTS\n- /notes/plan.md\n\n## NEXT STEPS\nBook.';
    const reply = planDemoReply(
      request([user(summary), assistant('OK.'), user('What do you know about me?')]),
    );
    expect(reply.content).toContain('Here is what my memory holds about you');
    expect(reply.content).not.toContain('## SESSION INTENT');
  });
});

describe('other requests', () => {
  it('lists what the demo can do only when asked; a greeting or a task gets a short answer', () => {
    for (const text of ['help', 'What can you do?']) {
      const reply = planDemoReply(request([user(text)]));
      expect(reply.toolCalls).toBeUndefined();
      expect(reply.content).toContain('not a language model');
      expect(reply.content).toContain('**Remembering**');
      expect(reply.content).toContain('**Files**');
    }
    for (const text of ['hello', 'Write me a poem']) {
      const reply = planDemoReply(request([user(text)]));
      expect(reply.content).toContain('not a language model');
      expect(reply.content).not.toContain('**Remembering**');
    }
  });

  it('labels every final answer', () => {
    const texts = [
      'hi',
      'What do you know about me?',
      'Where was I born?',
      'remember: likes short answers',
    ];
    for (const text of texts)
      expect(planDemoReply(request([user(text)])).content).toContain(DEMO_TAG);
    expect(DEMO_PROVIDER_NOTICE).toMatch(/not a language model/);
  });
});

describe('createDemoProvider', () => {
  const signal = () => new AbortController().signal;

  it('streams the answer in a few pieces and reports estimated usage', async () => {
    const provider = createDemoProvider({ delayMs: 0 });
    expect(provider.id).toBe('demo');
    const events: StreamEvent[] = [];
    const req = request([user('What do you know about me?')]);
    const { message, usage } = await provider.complete(req, {
      signal: signal(),
      onStream: (e) => events.push(e),
    });
    const text = events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');
    expect(events.length).toBeGreaterThan(1);
    expect(text).toBe(message.content);
    expect(message.role).toBe('assistant');
    expect(message.usage).toEqual(usage);
    const counter = await loadEncoder('cl100k_base');
    expect(usage?.inputTokens).toBe(countRequest(counter, req).total);
    expect(usage?.outputTokens).toBe(counter.count(message.content));
  });

  it('streams tool calls', async () => {
    const events: StreamEvent[] = [];
    const { message } = await createDemoProvider({ delayMs: 0 }).complete(
      request([user('list files')]),
      {
        signal: signal(),
        onStream: (e) => events.push(e),
      },
    );
    const call = message.toolCalls?.[0] as ToolCall;
    expect(events).toContainEqual({
      type: 'tool-call-delta',
      index: 0,
      id: call.id,
      name: 'ls',
      argumentsDelta: call.arguments,
    });
  });

  it('is deterministic: the same request gives the same response', async () => {
    const provider = createDemoProvider({ delayMs: 0 });
    const req = request([user('remember that I like tea')]);
    const strip = ({ message, usage }: { message: AssistantMessage; usage?: unknown }) => {
      const { id: _id, createdAt: _createdAt, ...rest } = message;
      return { rest, usage };
    };
    const a = await provider.complete(req, { signal: signal() });
    const b = await createDemoProvider({ delayMs: 0 }).complete(structuredClone(req), {
      signal: signal(),
    });
    expect(strip(a)).toEqual(strip(b));
    expect(a.message.id).not.toBe(b.message.id);
  });

  it('does not mutate the request', async () => {
    const req = request([user('search tea')]);
    const copy = structuredClone(req);
    await createDemoProvider({ delayMs: 0 }).complete(req, { signal: signal() });
    expect(req).toEqual(copy);
  });

  it('throws an aborted ProviderError when stopped before or during streaming', async () => {
    const before = new AbortController();
    before.abort();
    await expect(
      createDemoProvider({ delayMs: 0 }).complete(request([user('hi')]), { signal: before.signal }),
    ).rejects.toMatchObject({
      kind: 'aborted',
      message: 'Stopped by the user',
    });

    const during = new AbortController();
    const events: StreamEvent[] = [];
    const pending = createDemoProvider({ delayMs: 20 }).complete(request([user('hi')]), {
      signal: during.signal,
      onStream: (event) => {
        events.push(event);
        during.abort();
      },
    });
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('aborted');
    expect(events).toHaveLength(1);
  });
});
