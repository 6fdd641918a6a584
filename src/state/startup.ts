// The app's start: settings, the sample workspace, the journal, the files (written as the person),
// the threads, then the view the address names. One call for the UI; a failure comes back as the
// sentence to show.

import { authored } from '../core/fs/journal';
import { errorText } from '../core/text/errors';
import { useChatStore } from './chat';
import { useFilesStore } from './files';
import { useJournalStore } from './journal';
import { startRouter } from './router';
import { getServices, seedSampleWorkspace } from './services';
import { useSettingsStore } from './settings';

/** Opens the workspace; resolves to undefined when ready, or to why the app could not start. */
export async function startApp(): Promise<string | undefined> {
  try {
    const { fs, kv } = getServices();
    await useSettingsStore.getState().load();
    await seedSampleWorkspace(fs, kv);
    await useJournalStore.getState().start();
    // The editor and the Files panel write as the person (journaled as such).
    await useFilesStore.getState().attach(authored(fs, { kind: 'user', via: 'editor' })); // attaching lists the files
    await useChatStore.getState().loadThreads();
    // The address names the view to open (the most recent thread when it names none).
    await startRouter();
    return undefined;
  } catch (error) {
    return `The app could not open its browser storage: ${errorText(error)}`;
  }
}
