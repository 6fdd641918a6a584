// Export: the whole bundle as a zip, or one piece (AGENTS.md, memory.json, the open thread), with
// every API key this device knows kept out.

import { version as appVersion } from '../../../package.json';
import { formatBytes } from '../../core/bundle/errors';
import type { BundleProgress } from '../../core/bundle/types';
import { errorText } from '../../core/text/errors';
import { useChatStore } from '../chat';
import { getServices } from '../services';
import { useSettingsStore } from '../settings';
import type { BundleTargets } from './target';
import type { BundleStore } from './types';

// The zip code loads on first use: the chat does not wait for it.
const exporter = () => import('../../core/bundle/export');

/** Every key this device knows (in memory and remembered), so none can leak into an export. */
async function knownSecrets(): Promise<string[]> {
  const inMemory = Object.values(useSettingsStore.getState().apiKeys);
  const stored = await getServices()
    .kv.get<Record<string, unknown>>('apiKeys')
    .catch(() => undefined);
  const remembered = Object.values(stored ?? {}).filter((v): v is string => typeof v === 'string');
  return [...inMemory, ...remembered].filter((key) => key.length > 0);
}

type Set = (partial: Partial<BundleStore>) => void;

export function exportActions(
  set: Set,
  busy: () => boolean,
  targets: BundleTargets,
  onProgress: (progress: BundleProgress) => void,
): Pick<BundleStore, 'exportBundle' | 'exportPiece'> {
  return {
    async exportBundle() {
      if (busy()) return null;
      set({ phase: 'exporting', task: 'export', progress: null, error: null, message: null });
      try {
        // The target's stores read every file in one transaction each.
        const result = await (
          await exporter()
        ).exportBundle(targets.base(), {
          appVersion,
          secrets: await knownSecrets(),
          onProgress,
        });
        const redacted = result.redactions.reduce((n, r) => n + r.count, 0);
        const c = result.manifest.counts;
        set({
          phase: 'idle',
          progress: null,
          message:
            `Exported ${result.fileName}: ${c.files} file${c.files === 1 ? '' : 's'}, ${c.threads} thread${c.threads === 1 ? '' : 's'}, ${formatBytes(result.bytes.length)}.` +
            (redacted > 0
              ? ` ${redacted} occurrence${redacted === 1 ? '' : 's'} of an API key ${redacted === 1 ? 'was' : 'were'} replaced by [REDACTED API KEY].`
              : '') +
            (result.flaggedRemoved > 0
              ? ` ${result.flaggedRemoved} string${result.flaggedRemoved === 1 ? '' : 's'} that Import session flagged as ${result.flaggedRemoved === 1 ? 'a key or token was' : 'keys or tokens were'} left out (replaced by a marker).`
              : ''),
        });
        return {
          fileName: result.fileName,
          data: result.bytes as Uint8Array<ArrayBuffer>,
          mimeType: 'application/zip',
        };
      } catch (error) {
        set({ phase: 'idle', progress: null, error: `Export failed: ${errorText(error)}` });
        return null;
      }
    },

    async exportPiece(kind) {
      if (busy()) return null;
      set({ error: null, message: null });
      try {
        const s = getServices();
        const secrets = await knownSecrets();
        let piece;
        if (kind === 'agents-md')
          piece = await (await exporter()).exportAgentsMd(s.userStore, secrets);
        else if (kind === 'memory-json')
          piece = await (await exporter()).exportMemoryJson(s.userStore, secrets);
        else {
          const thread = useChatStore.getState().thread;
          if (!thread) throw new Error('Open a thread first.');
          piece = await (await exporter()).exportThreadJsonl(s.threads, thread.id, secrets);
        }
        set({ message: `Exported ${piece.fileName}.` });
        return { fileName: piece.fileName, data: piece.text, mimeType: piece.mimeType };
      } catch (error) {
        set({ error: `Export failed: ${errorText(error)}` });
        return null;
      }
    },
  };
}
