import { create } from 'zustand';

export type SideTab = 'editor' | 'context' | 'facts' | 'journal' | 'strategy';

const SIDE_TABS: readonly SideTab[] = ['editor', 'context', 'facts', 'strategy'];
/** Remembered like the panel sizes (localStorage, one choice for the app, not per thread). */
const TAB_KEY = 'mp-side-tab';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage switched off
  }
}

function savedTab(): SideTab {
  const saved = storage()?.getItem(TAB_KEY);
  return SIDE_TABS.find((tab) => tab === saved) ?? 'editor';
}

/** Which panel the right-hand column shows; a reload shows the same one. */
export const useLayoutStore = create<{ tab: SideTab; setTab(tab: SideTab): void }>((set) => ({
  tab: savedTab(),
  setTab: (tab) => {
    set({ tab });
    try {
      storage()?.setItem(TAB_KEY, tab);
    } catch {
      // a full or switched-off storage only loses the remembered tab
    }
  },
}));
