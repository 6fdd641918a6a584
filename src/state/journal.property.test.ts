// The memory journal's property (issue 18): random sequences of writes through every channel the
// app has (a tool call, `execute`, an experiment tool, middleware or a strategy step, the editor,
// the fact updater, an import, an undo, another tab) leave exactly one journal entry per write to
// a memory path, and none for any other path. What actually changed is counted below the journal,
// at the stores, so the journal is checked against the files, not against itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runAgent } from '../core/agent/loop';
import type { Middleware } from '../core/agent/middleware';
import type { Tool } from '../core/agent/tool';
import { scriptedProvider } from '../../tests/fixtures/agent';
import { exportBundle } from '../core/bundle/export';
import { importBundle } from '../core/bundle/import';
import { fixture } from '../../tests/fixtures/bundle';
import { CompositeFs } from '../core/fs/composite';
import {
  JournaledStore,
  MemoryJournal,
  authored,
  isMemoryPath,
  journaledFs,
  reconcileMemoryPaths,
  undoJournalEntry,
  type JournalEntry,
} from '../core/fs/journal';
import { InMemoryFileStore } from '../core/fs/memory-store';
import { createFsTools } from '../core/fs/tools';
import type { FileRecord, FileStore, WriteOptions } from '../core/fs/types';
import { DEFAULT_MEMORY_SOURCES } from '../core/memory/agents-md';
import { describeMemoryChange } from '../core/memory/facts/changes';
import { modifyMemory } from '../core/memory/facts/store';
import { createExecuteTool } from '../core/tools/execute';
import { createExperimentTool } from '../core/tools/experiment';
import { createFilesStore } from './files';
import { nodeRunner } from '../../tests/fixtures/node-runner';

const SOURCES = DEFAULT_MEMORY_SOURCES;
const PATHS = [
  '/memories/AGENTS.md',
  '/memories/memory.json',
  '/memories/notes/a.md',
  '/AGENTS.md',
  '/.deepagents/AGENTS.md',
  '/notes/todo.md',
  '/src/app.ts',
  '/large_tool_results/x',
] as const;

interface Mutation {
  path: string;
  op: 'write' | 'delete';
  version: number | null;
}

/** A store that counts every write and delete that succeeded (the ground truth, under the journal). */
function counted(inner: FileStore, mount: string, log: Mutation[]): FileStore {
  const full = (path: string) => (mount === '/' ? path : mount + path);
  return {
    read: (path) => inner.read(path),
    list: () => inner.list(),
    history: (path) => inner.history(path),
    async write(path: string, content: string, options?: WriteOptions): Promise<FileRecord> {
      const record = await inner.write(path, content, options);
      log.push({ path: full(path), op: 'write', version: record.version });
      return record;
    },
    async delete(path: string, options?: WriteOptions): Promise<void> {
      const existed = await inner.read(path);
      await inner.delete(path, options);
      if (existed) log.push({ path: full(path), op: 'delete', version: null });
    },
  };
}

const path = fc.constantFrom(...PATHS);
const text = fc.string({ maxLength: 40 }).map((s) => s.replace(/\r/g, ''));

const toolCall = fc.oneof(
  fc.record({ tool: fc.constant('write_file' as const), path, text }),
  fc.record({ tool: fc.constant('edit_file' as const), path, text }),
  fc.record({ tool: fc.constant('sneaky' as const), path, text }),
  fc.record({ tool: fc.constant('execute' as const), path, text }),
  fc.record({ tool: fc.constant('stage' as const), path, text }),
);

const op = fc.oneof(
  fc.record({ kind: fc.constant('chat' as const), calls: fc.array(toolCall, { maxLength: 4 }) }),
  fc.record({ kind: fc.constant('middleware' as const), path, text }),
  fc.record({
    kind: fc.constant('editor' as const),
    action: fc.constantFrom('create', 'save', 'delete'),
    path,
    text,
  }),
  fc.record({ kind: fc.constant('facts' as const), text }),
  fc.record({
    kind: fc.constant('import' as const),
    files: fc.array(fc.record({ path, text }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('undo' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('tab' as const), path, text }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function world() {
  const mutations: Mutation[] = [];
  const user = counted(new InMemoryFileStore(), '/memories', mutations);
  const workspace = counted(new InMemoryFileStore(), '/', mutations);
  const journal = new MemoryJournal({
    memorySources: () => SOURCES,
    describe: describeMemoryChange,
  });
  const fs = journaledFs(journal, { user, workspace });
  // Another tab of an older build: the same stores, no journal.
  const oldTab = new CompositeFs({ default: workspace, routes: { '/memories/': user } });
  journal.setBaseline(await fs.listUnder('/'));
  const editor = createFilesStore();
  await editor.getState().attach(authored(fs, { kind: 'user', via: 'editor' }), {
    channelName: null,
  });
  return { mutations, user, workspace, journal, fs, oldTab, editor };
}

type World = Awaited<ReturnType<typeof world>>;

let threadSeq = 0;

/** Runs one operation; returns the memory-updated events a chat run emitted, if any. */
async function apply(w: World, o: Op): Promise<number | undefined> {
  switch (o.kind) {
    case 'chat': {
      const threadId = `thread_${++threadSeq}`;
      const sneaky: Tool = {
        schema: {
          name: 'sneaky',
          description: 'writes a file through its context',
          parameters: { type: 'object', properties: {} },
        },
        async run(args, context) {
          const { file_path, content } = args as { file_path: string; content: string };
          await context.fs.write(file_path, content);
          return { content: 'ok' };
        },
      };
      const stage = createExperimentTool({
        name: 'stage',
        description: 'a staged result',
        parameters: { type: 'object', properties: {} },
        result: { mode: 'fixed', text: 'staged' },
      });
      const args = (c: (typeof o.calls)[number]) => {
        switch (c.tool) {
          case 'write_file':
          case 'sneaky':
            return { file_path: c.path, content: c.text };
          case 'edit_file':
            return { file_path: c.path, old_string: c.text.slice(0, 3) || 'x', new_string: c.text };
          case 'execute':
            return { code: `console.log(${JSON.stringify(c.text)})` };
          case 'stage':
            return {};
        }
      };
      const { provider } = scriptedProvider([
        {
          toolCalls: o.calls.map((c, i) => ({
            id: `call_${i}`,
            name: c.tool,
            arguments: JSON.stringify(args(c)),
          })),
        },
        { text: 'done' },
      ]);
      let events = 0;
      await runAgent({
        threadId,
        history: [{ role: 'user', id: 'u', content: 'go', createdAt: 0 }],
        provider,
        model: 'm',
        systemPrompt: 'S',
        tools: [...createFsTools(), sneaky, stage, createExecuteTool(nodeRunner)],
        middleware: [],
        fs: w.fs,
        journal: w.journal,
        state: {},
        signal: new AbortController().signal,
        emit: (event) => {
          if (event.type === 'memory-updated') events++;
        },
      });
      return events;
    }
    case 'middleware': {
      const step: Middleware = {
        name: 'Strategy step',
        async beforeAgent(context) {
          await context.fs.write(o.path, o.text);
        },
      };
      let events = 0;
      await runAgent({
        threadId: `thread_${++threadSeq}`,
        history: [{ role: 'user', id: 'u', content: 'go', createdAt: 0 }],
        provider: scriptedProvider([{ text: 'ok' }]).provider,
        model: 'm',
        systemPrompt: 'S',
        tools: [],
        middleware: [step],
        fs: w.fs,
        journal: w.journal,
        state: {},
        signal: new AbortController().signal,
        emit: (event) => {
          if (event.type === 'memory-updated') events++;
        },
      });
      return events;
    }
    case 'editor': {
      const store = w.editor.getState();
      if (o.action === 'create') await store.createFile(o.path, o.text);
      else if (o.action === 'delete') await store.deleteFile(o.path);
      else {
        await store.open(o.path);
        if (w.editor.getState().selectedPath === o.path) await w.editor.getState().save(o.text);
      }
      return undefined;
    }
    case 'facts': {
      const updater = authored(w.fs, { kind: 'fact-updater', threadId: 'thread_facts' });
      await modifyMemory(updater, (memory) => ({
        ...memory,
        facts: [
          ...memory.facts,
          {
            id: `f${memory.facts.length}`,
            content: o.text.trim() || 'a fact',
            category: 'knowledge',
            confidence: 0.5,
            createdAt: '',
            source: 'thread_facts',
          },
        ],
      })).catch(() => undefined);
      return undefined;
    }
    case 'import': {
      const source = fixture();
      for (const file of o.files) {
        const memories = file.path.startsWith('/memories/');
        const store = memories ? source.user : source.workspace;
        const inner = memories ? file.path.slice('/memories'.length) : file.path;
        // memory.json in a bundle must be fact memory; any other text would refuse the bundle.
        await store.write(inner, inner === '/memory.json' ? '{}' : file.text);
      }
      const { bytes } = await exportBundle(source.source, { appVersion: '0.1.0' });
      const author = { kind: 'import' as const, bundle: 'random.zip' };
      const target = fixture();
      await importBundle(
        bytes,
        {
          ...target.target,
          userStore: new JournaledStore(w.user, { journal: w.journal, mount: '/memories', author }),
          workspaceStore: new JournaledStore(w.workspace, {
            journal: w.journal,
            mount: '/',
            author,
          }),
        },
        { mode: 'replace', importSettings: false },
      ).catch(() => undefined);
      return undefined;
    }
    case 'undo': {
      const local = w.journal.entries().filter((e) => e.origin === 'local');
      if (local.length === 0) return undefined;
      await undoJournalEntry(w.journal, w.fs, local[o.pick % local.length]!.id);
      return undefined;
    }
    case 'tab': {
      await w.oldTab.write(o.path, o.text);
      await reconcileMemoryPaths(w.journal, w.fs, [o.path]);
      return undefined;
    }
  }
}

const AUTHORS: Record<Op['kind'], JournalEntry['author']['kind'][]> = {
  chat: ['tool'],
  middleware: ['agent'],
  editor: ['user'],
  facts: ['fact-updater'],
  import: ['import'],
  undo: ['undo'],
  tab: ['tab'],
};

describe('the memory journal (property)', () => {
  it('has exactly one entry per write to a memory path, whatever the channel, and none for other paths', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const w = await world();
        for (const o of ops) {
          const known = new Set(w.journal.entries().map((e) => e.id));
          const start = w.mutations.length;
          const events = await apply(w, o);
          const fresh = w.journal.entries().filter((e) => !known.has(e.id));
          const changed = w.mutations.slice(start);
          const memory = changed.filter((m) => isMemoryPath(m.path, SOURCES));
          const key = (x: { op: string; path: string; version: number | null }) =>
            `${x.op} ${x.path} v${x.version}`;
          expect(
            fresh.map((e) => key({ op: e.op, path: e.path, version: e.versionAfter })).sort(),
            `${o.kind}: ${JSON.stringify(o)}`,
          ).toEqual(memory.map(key).sort());
          for (const entry of fresh) {
            expect(isMemoryPath(entry.path, SOURCES)).toBe(true);
            expect(AUTHORS[o.kind]).toContain(entry.author.kind);
          }
          // A chat run is told about each of its own memory writes (the chips).
          if (events !== undefined) expect(events).toBe(fresh.length);
        }
      }),
      { numRuns: 100, seed: 18 },
    );
  }, 120_000);
});
