import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import {
  MAX_SESSION_BYTES,
  MAX_SESSION_LINE_CHARS,
  MAX_SESSION_MESSAGE_CHARS,
  SessionImportError,
} from './builder';
import { fixture } from '../../../tests/fixtures/sessions/read';

describe('parseSession: the format from the content, the bounds where the file enters', () => {
  it('tells every format from its content, whatever the file is called', () => {
    const cases: [string, string][] = [
      ['claude-code-compaction.jsonl', 'claude-code'],
      ['codex-rollout.jsonl', 'codex'],
      ['openai-chat-request.json', 'openai-chat'],
      ['openai-chat-log.jsonl', 'openai-chat'],
      ['openai-responses.json', 'openai-responses'],
      ['anthropic-messages.json', 'anthropic'],
      ['langchain-deepagents.json', 'langchain'],
      ['langchain-serialized.json', 'langchain'],
    ];
    for (const [file, source] of cases)
      expect(parseSession(fixture(file), 'download.txt').source, file).toBe(source);
  });

  it('refuses a file over the limit with its size and the limit, before reading it', () => {
    expect(() => parseSession('', 'huge.jsonl', { bytes: MAX_SESSION_BYTES + 1 })).toThrow(
      'huge.jsonl is 100.0 MB: sessions of at most 100 MB can be imported. Nothing was changed.',
    );
    expect(() => parseSession('', 'huge.jsonl', { bytes: 150 * 1024 * 1024 })).toThrow(
      /is 150\.0 MB/,
    );
  });

  it('refuses an empty file, our own thread JSONL, and text in no known format, saying why', () => {
    expect(() => parseSession('  \n', 'empty.jsonl')).toThrow(/empty\.jsonl is empty/);
    expect(() =>
      parseSession('{"type":"thread","format":"memory-playground-thread"}\n', 't.jsonl'),
    ).toThrow(/Memory Playground thread/);
    expect(() => parseSession('{"conversation": {}, "qa": []}', 'locomo.json')).toThrow(
      SessionImportError,
    );
    expect(() => parseSession('hello world', 'notes.txt')).toThrow(/not JSON or JSONL/);
  });

  it('cuts a message over the bound and says so, in the message and the report', () => {
    const long = 'x'.repeat(MAX_SESSION_MESSAGE_CHARS + 10);
    const s = parseSession(
      JSON.stringify({ messages: [{ role: 'user', content: long }] }),
      'a.json',
    );
    expect(s.messages[0]!.content).toMatch(/… \[cut at 200,000 characters\]$/);
    expect(s.report.cuts).toEqual([`m1: 200,010 characters, cut at 200,000.`]);
  });

  it('does not read a JSONL line over the line bound, and says so', () => {
    const lines = fixture('claude-code-rewind-sidechain.jsonl').trimEnd().split('\n');
    const huge = `{"type":"user","pad":"${'y'.repeat(MAX_SESSION_LINE_CHARS)}"}`;
    const s = parseSession([...lines, huge].join('\n'), 'big-line.jsonl');
    expect(s.messages).toHaveLength(6);
    expect(s.report.problems[0]!.text).toMatch(
      /^line 13 is 16,000,0\d\d characters, over the 16,000,000-character line limit; not read$/,
    );
  });

  it('calls back with progress up to the whole file', () => {
    const seen: [number, number][] = [];
    const text = fixture('codex-rollout.jsonl');
    parseSession(text, 'r.jsonl', { onProgress: (done, total) => seen.push([done, total]) });
    expect(seen.at(-1)).toEqual([text.length, text.length]);
  });
});
