import { describe, expect, it } from 'vitest';
import { importSessionFile } from './session-import';
import { fixture } from '../../tests/fixtures/sessions/read';
import { importedSessionSlot } from '../core/sessions/to-thread';

const file = (text: string, name: string) => Object.assign(new Blob([text]), { name });

describe('importSessionFile', () => {
  it('reads a session into a thread and its report, with progress (on the page where no worker starts)', async () => {
    const seen: string[] = [];
    const { thread, report } = await importSessionFile(
      file(fixture('codex-rollout.jsonl'), 'rollout.jsonl'),
      { workspace: 'default', onProgress: (p) => seen.push(p.stage) },
    );
    expect(thread.messages[0]!.content).toMatch(/^Imported from Codex CLI · 2026-10-05/);
    expect(report.messages).toBe(11);
    expect(importedSessionSlot.read(thread.state)?.compactions).toHaveLength(1);
    expect(seen[0]).toBe('reading');
    expect(seen).toContain('parsing');
  });

  it('a worker that fails to start: the import runs on the page', async () => {
    const { report } = await importSessionFile(file(fixture('anthropic-messages.json'), 'a.json'), {
      workspace: 'default',
      createWorker: () => {
        throw new Error('no workers here');
      },
    });
    expect(report.source).toBe('anthropic');
  });

  it('refuses a file over 100 MB with its size, without reading it', async () => {
    const huge = {
      size: 101 * 1024 * 1024,
      name: 'big.jsonl',
      text: () => Promise.reject(new Error('read')),
    };
    await expect(
      importSessionFile(huge as unknown as Blob, { workspace: 'default' }),
    ).rejects.toThrow(
      'big.jsonl is 101.0 MB: sessions of at most 100 MB can be imported. Nothing was changed.',
    );
  });

  it('a file in no known format: the reason, nothing else', async () => {
    await expect(
      importSessionFile(file('just some notes', 'notes.txt'), { workspace: 'default' }),
    ).rejects.toThrow(/notes\.txt is not JSON or JSONL/);
  });
});
