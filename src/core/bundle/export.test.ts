import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { DEFAULT_SETTINGS } from '../settings';
import {
  REDACTED,
  bundleFileName,
  exportAgentsMd,
  exportBundle,
  exportMemoryJson,
  exportThreadJsonl,
} from './export';
import { checkMetricsCsv, metricsToCsv, parseCsv, METRICS_COLUMNS } from './csv';
import { threadFromJsonl, threadToJsonl } from './jsonl';
import { fixture, populate, sampleThread } from '../../../tests/fixtures/bundle';
import { BundleError } from './errors';

const KEY = 'sk-ant-bundle-secret-0123456789';
const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

describe('exportBundle', () => {
  it('writes the documented layout, with a manifest that counts everything', async () => {
    const f = fixture();
    await populate(f);
    const now = new Date(2025, 2, 7, 12, 0).getTime();
    const { fileName, bytes, manifest } = await exportBundle(f.source, {
      appVersion: '0.1.0',
      now: () => now,
    });
    expect(fileName).toBe('default-memory-2025-03-07.zip');
    const entries = unzipSync(bytes);
    expect(Object.keys(entries)[0]).toBe('manifest.json');
    expect(Object.keys(entries).sort()).toEqual(
      [
        'manifest.json',
        'files/memories/AGENTS.md',
        'files/memories/memory.json',
        'files/workspaces/default/AGENTS.md',
        'files/workspaces/default/conversation_history/session_t1.md',
        'files/workspaces/default/large_tool_results/call_9',
        'files/workspaces/default/notes/todo.md',
        'files/workspaces/default/unicode/ünï cødé.md',
        'threads/t1.jsonl',
        'threads/t2.jsonl',
        'metrics/t1.csv',
        'metrics/t2.csv',
        'settings.json',
      ].sort(),
    );
    const parsed = JSON.parse(text(entries['manifest.json']!));
    expect(parsed).toEqual(manifest);
    expect(manifest).toMatchObject({
      format: 'memory-playground-bundle',
      formatVersion: 1,
      appVersion: '0.1.0',
      created: new Date(now).toISOString(),
      workspace: 'default',
      counts: {
        files: 7,
        memoryFiles: 2,
        workspaceFiles: 5,
        threads: 2,
        messages: 10,
        modelCalls: 4,
        settings: 1,
      },
    });
    // Content is byte-exact (BOM and CRLF kept); sizes are UTF-8 bytes.
    const unicode = entries['files/workspaces/default/unicode/ünï cødé.md']!;
    expect(text(unicode)).toBe('\uFEFFBOM kept, 日本語\r\nCRLF kept');
    expect(manifest.files.find((m) => m.entry.includes('unicode'))!.size).toBe(unicode.length);
    // The thread of another workspace stays out.
    expect(text(entries['threads/t1.jsonl']!).split('\n')[0]).toContain('"type":"thread"');
  });

  it('never puts an API key in the bundle, whatever the settings and wherever it was pasted', async () => {
    const f = fixture();
    await populate(f);
    // Settings with a key smuggled in (an old build, a bug): parseSettings drops unknown fields.
    await f.settings.set({
      ...DEFAULT_SETTINGS,
      rememberKey: true,
      apiKey: KEY,
      anthropic: { baseURL: 'x', model: 'm', apiKey: KEY },
    });
    // And the key pasted into a file, a message, a call error and a file name.
    await f.user.write('/AGENTS.md', `- my key is ${KEY}\n`);
    await f.workspace.write(`/keys/${KEY}.txt`, 'named after the key');
    await f.threads.put(
      sampleThread('t9', {
        messages: [{ role: 'user', id: 'm1', content: `use ${KEY} please`, createdAt: 1 }],
        calls: [{ ...sampleThread('x').calls[0]!, error: `401 invalid key ${KEY}` }],
      }),
    );
    const { bytes, redactions } = await exportBundle(f.source, {
      appVersion: '0.1.0',
      secrets: [KEY, '', 'short'],
    });

    // Every byte of the zip, and every byte of every entry once inflated.
    const needle = new TextEncoder().encode(KEY.slice(0, 16));
    const contains = (haystack: Uint8Array) =>
      haystack.some((_, i) => needle.every((b, j) => haystack[i + j] === b));
    expect(contains(bytes)).toBe(false);
    for (const [name, data] of Object.entries(unzipSync(bytes))) {
      expect(name).not.toContain(KEY.slice(0, 16));
      expect(contains(data), name).toBe(false);
    }
    const entries = unzipSync(bytes);
    expect(text(entries['settings.json']!)).not.toContain('apiKey');
    expect(text(entries['files/memories/AGENTS.md']!)).toBe(`- my key is ${REDACTED}\n`);
    expect(redactions.map((r) => r.entry)).toEqual(
      expect.arrayContaining(['files/memories/AGENTS.md', 'threads/t9.jsonl', 'metrics/t9.csv']),
    );
  });

  it('exports the effective settings: defaults when none (or invalid ones) are stored', async () => {
    const f = fixture();
    await f.settings.set({ provider: 'nope' });
    const { bytes } = await exportBundle(f.source, { appVersion: '0.1.0' });
    expect(JSON.parse(text(unzipSync(bytes)['settings.json']!))).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses to write a bundle it could not import again, and says why', async () => {
    const f = fixture();
    await f.threads.put(
      sampleThread('huge', {
        messages: [{ role: 'user', id: 'm', content: 'x'.repeat(3000), createdAt: 1 }],
      }),
    );
    const error = await exportBundle(f.source, {
      appVersion: '0.1.0',
      limits: {
        maxZipBytes: 1e9,
        maxEntries: 100,
        maxTotalBytes: 1e9,
        maxFileBytes: 1e6,
        maxThreadBytes: 2000,
        maxMetricsBytes: 1e6,
        maxManifestBytes: 1e6,
        maxSettingsBytes: 1e6,
        maxJournalBytes: 1e6,
        maxRatio: 200,
        ratioMinBytes: 1e6,
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BundleError);
    expect((error as BundleError).message).toMatch(/threads\/huge\.jsonl is .* over the/);
  });

  it('reports progress up to the total', async () => {
    const f = fixture();
    await populate(f);
    const seen: number[] = [];
    await exportBundle(f.source, {
      appVersion: '0.1.0',
      onProgress: (p) => seen.push(p.done / p.total),
    });
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1]!)).toBe(true);
  });

  it('names the file after the workspace and the local date', () => {
    expect(bundleFileName('research', new Date(2024, 11, 31, 23, 59).getTime())).toBe(
      'research-memory-2024-12-31.zip',
    );
  });
});

describe('single pieces', () => {
  it('AGENTS.md and memory.json as files, a thread as JSONL', async () => {
    const f = fixture();
    await populate(f);
    const agents = await exportAgentsMd(f.user);
    expect(agents).toMatchObject({
      fileName: 'AGENTS.md',
      text: '# Prefs\n- I prefer tabs over spaces.\n',
    });
    const memory = await exportMemoryJson(f.user);
    expect(memory.fileName).toBe('memory.json');
    expect(JSON.parse(memory.text).facts[0].content).toBe('Likes tabs');
    const thread = await exportThreadJsonl(f.threads, 't1', [KEY]);
    expect(thread.fileName).toBe('t1.jsonl');
    expect(threadFromJsonl(thread.text, 't1.jsonl')).toEqual(sampleThread('t1'));
  });

  it('says when there is nothing to export', async () => {
    const f = fixture();
    await expect(exportMemoryJson(f.user)).rejects.toThrow(
      'There is no /memories/memory.json to export yet.',
    );
  });
});

describe('thread JSONL', () => {
  it('round-trips a thread exactly, absent optional fields included', () => {
    for (const thread of [sampleThread('a'), sampleThread('b', { events: undefined, calls: [] })]) {
      const back = threadFromJsonl(threadToJsonl(thread), 'x.jsonl');
      expect(back).toEqual(thread);
      expect('events' in back).toBe('events' in thread && thread.events !== undefined);
    }
  });

  it('carries fields it does not know (added by a newer build)', () => {
    const thread = { ...sampleThread('a'), strategy: 'sliding-window' } as ReturnType<
      typeof sampleThread
    >;
    expect(threadFromJsonl(threadToJsonl(thread), 'x.jsonl')).toEqual(thread);
  });

  it('names the file and line of invalid JSON and of invalid records', () => {
    const lines = threadToJsonl(sampleThread('a')).split('\n');
    lines[2] = '{"type":"message", "role": "user", oops}';
    expect(() => threadFromJsonl(lines.join('\n'), 'threads/a.jsonl')).toThrow(
      /threads\/a\.jsonl line 3(, column \d+)?: invalid JSON/,
    );
    const bad = threadToJsonl(sampleThread('a')).split('\n');
    bad[1] = JSON.stringify({ type: 'message', role: 'robot', id: 'x', content: '', createdAt: 1 });
    expect(() => threadFromJsonl(bad.join('\n'), 'threads/a.jsonl')).toThrow(
      /line 2: invalid message/,
    );
  });
});

describe('metrics CSV', () => {
  it('has a header and one row per call, quotes and defuses formulas, and checks back', () => {
    const calls = sampleThread('a').calls;
    const csv = metricsToCsv(calls);
    const rows = parseCsv(csv, 'm.csv');
    expect(rows.map((r) => r.cells.length)).toEqual([
      METRICS_COLUMNS.length,
      METRICS_COLUMNS.length,
      METRICS_COLUMNS.length,
    ]);
    expect(rows[1]!.cells[METRICS_COLUMNS.indexOf('started_at')]).toBe(
      new Date(calls[0]!.startedAt).toISOString(),
    );
    expect(rows[2]!.cells.at(-1)).toBe(`'=HYPERLINK("http://evil") failed, "quoted"`);
    expect(() => checkMetricsCsv(csv, 'm.csv', calls)).not.toThrow();
    expect(() => checkMetricsCsv(csv.replace(',1200,', ',1300,'), 'm.csv', calls)).toThrow(
      /m\.csv line 2: reported_input_tokens is "1300"/,
    );
  });
});
