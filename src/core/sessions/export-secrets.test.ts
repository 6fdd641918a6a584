import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { exportBundle, exportThreadJsonl } from '../bundle/export';
import { fixture as bundleFixture, populate } from '../../../tests/fixtures/bundle';
import { fixture } from '../../../tests/fixtures/sessions/read';
import { parseSession } from './parse';
import { importedSessionSlot, sessionToThread } from './to-thread';

const KEY_START = 'sk-ant-api03-Zk3vQ9pLm2';

describe('a bundle export and the secrets an import flagged', () => {
  const thread = sessionToThread(
    parseSession(fixture('claude-code-compaction.jsonl'), 'session.jsonl'),
    { workspace: 'default', id: 'thread_imported1' },
  );

  it('leaves them out of the bundle by default, with a marker, and counts them', async () => {
    const f = bundleFixture();
    await populate(f);
    await f.source.threads.put(thread);
    const { bytes, flaggedRemoved } = await exportBundle(f.source, { appVersion: '0.1.0' });
    const entry = new TextDecoder().decode(unzipSync(bytes)['threads/thread_imported1.jsonl']);
    expect(entry).not.toContain(KEY_START);
    expect(entry).toContain('[Anthropic API key removed]');
    expect(entry).toContain('Switch it to UTC and add a regression test');
    expect(flaggedRemoved).toBe(1);
  });

  it('keeps them when the person says so', async () => {
    const f = bundleFixture();
    await f.source.threads.put(thread);
    const { bytes, flaggedRemoved } = await exportBundle(f.source, {
      appVersion: '0.1.0',
      keepFlaggedSecrets: true,
    });
    const entry = new TextDecoder().decode(unzipSync(bytes)['threads/thread_imported1.jsonl']);
    expect(entry).toContain(KEY_START);
    expect(flaggedRemoved).toBe(0);
  });

  it('keeps them for a thread whose import the person told to keep them', async () => {
    const f = bundleFixture();
    const state = structuredClone(thread.state);
    importedSessionSlot.write(state, { ...importedSessionSlot.read(state)!, keepSecrets: true });
    await f.source.threads.put({ ...thread, state });
    const { bytes } = await exportBundle(f.source, { appVersion: '0.1.0' });
    const entry = new TextDecoder().decode(unzipSync(bytes)['threads/thread_imported1.jsonl']);
    expect(entry).toContain(KEY_START);
  });

  it('a single thread export does the same', async () => {
    const f = bundleFixture();
    await f.source.threads.put(thread);
    const piece = await exportThreadJsonl(f.source.threads, thread.id);
    expect(piece.text).not.toContain(KEY_START);
    expect(piece.redactions).toBe(1);
    const kept = await exportThreadJsonl(f.source.threads, thread.id, [], true);
    expect(kept.text).toContain(KEY_START);
  });
});
