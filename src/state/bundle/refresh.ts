// After an import: every view is reloaded to show it, and the person is told which threads carry
// the imported memory.

import type { ApplyResult } from '../../core/bundle/import';
import { getAgentsMdState } from '../../core/memory/agents-md';
import { KEYED_PROVIDER_IDS } from '../../core/providers/settings';
import { useChatStore } from '../chat';
import { useFilesStore } from '../files';
import { getServices } from '../services';
import { useSettingsStore } from '../settings';

/** memory.json as the app shows it (read on every model call, unlike AGENTS.md). */
const MEMORY_JSON_DISPLAY_PATH = '/memories/memory.json';

/** The status line after an import: what changed in files, threads and settings. */
export function summary(result: ApplyResult, fileName: string | null): string {
  const part = (n: number, what: string) => (n > 0 ? [`${n} ${what}`] : []);
  const files = [
    ...part(result.files.added, 'added'),
    ...part(result.files.replaced, 'replaced'),
    ...part(result.files.renamed, 'imported beside yours'),
    ...part(result.files.removed, 'removed'),
  ];
  const threads = [
    ...part(result.threads.added, 'added'),
    ...part(result.threads.replaced, 'replaced'),
    ...part(result.threads.renamed, 'imported as copies'),
    ...part(result.threads.removed, 'removed'),
  ];
  const pieces = [
    files.length > 0 ? `files: ${files.join(', ')}` : 'no file changes',
    threads.length > 0 ? `threads: ${threads.join(', ')}` : 'no thread changes',
    result.settingsApplied ? 'settings applied' : 'settings unchanged',
  ];
  return `Imported ${fileName ?? 'the bundle'}: ${pieces.join('; ')}.`;
}

/**
 * After an import: threads, files and settings are reloaded so every view shows the result, and
 * the open thread is told about memory the import changed. Returns a sentence for the person about
 * which threads carry the imported memory.
 */
export async function refreshApp(result: ApplyResult): Promise<string> {
  const chat = useChatStore.getState();
  await chat.loadThreads().catch(() => undefined);
  const open = chat.thread?.id;
  if (open && result.changedThreads.includes(open)) {
    const still = await getServices().threads.get(open);
    if (still) await useChatStore.getState().openThread(open);
    else useChatStore.getState().newThread();
  }
  if (result.changedPaths.length > 0)
    await useFilesStore.getState().notifyChanged(result.changedPaths);
  else await useFilesStore.getState().refresh();
  if (result.settingsApplied) {
    const before = useSettingsStore.getState();
    await useSettingsStore.getState().load();
    const after = useSettingsStore.getState();
    // A settings store that binds each key to its endpoint (keyEndpoints) keeps the keys held in
    // memory and drops one whose endpoint moved, on load, by itself. Without that binding, load()
    // re-reads only remembered keys: a key held in memory is put back, but only for a provider
    // whose base URL the import did not change (a key belongs to its endpoint).
    const bindsKeys = 'keyEndpoints' in (after as object);
    if (!bindsKeys) {
      const keys = { ...before.apiKeys };
      for (const provider of KEYED_PROVIDER_IDS) {
        if (before.settings[provider].baseURL !== after.settings[provider].baseURL)
          keys[provider] = '';
      }
      if (!after.settings.rememberKey) useSettingsStore.setState({ apiKeys: keys });
      else {
        const remembered = { ...after.apiKeys };
        for (const provider of KEYED_PROVIDER_IDS) if (!keys[provider]) remembered[provider] = '';
        useSettingsStore.setState({ apiKeys: remembered });
      }
    }
  }
  return refreshOpenThreadMemory(result);
}

/**
 * AGENTS.md is loaded once per thread (Deep Agents): a new thread loads the imported memory. A thread
 * that loaded an earlier version sees the change before its next model call (the AGENTS.md layer
 * compares versions): with "Refresh memory after edits" on it reloads, with it off it keeps what it
 * loaded. memory.json (facts) is read on every model call, so every thread gets it at once.
 */
function refreshOpenThreadMemory(result: ApplyResult): string {
  const agentsMd = result.changedMemory.filter((path) => path !== MEMORY_JSON_DISPLAY_PATH);
  if (result.changedMemory.length === 0) return '';
  const restored = `Memory restored: ${result.changedMemory.join(', ')}.`;
  if (agentsMd.length === 0) return `${restored} The next model call uses it.`;
  const open = useChatStore.getState().thread;
  const loaded = open ? getAgentsMdState(open.state) : undefined;
  if (!open || !loaded || result.changedThreads.includes(open.id))
    return `${restored} The next message loads it.`;
  if (!useSettingsStore.getState().settings.refreshMemoryAfterEdits) {
    return `${restored} New threads load it; the open thread keeps the memory it loaded (turn on “Refresh memory after edits” or start a new thread).`;
  }
  return `${restored} The open thread reloads it before its next model call; new threads load it too.`;
}
