import { create } from 'zustand';

export type SideTab = 'editor' | 'context' | 'facts' | 'journal' | 'strategy';

// Every tab, checked against SideTab by the compiler: a tab missing here would not come back after
// a reload (the Memory journal once did not).
const SIDE_TABS = Object.keys({
  editor: true,
  context: true,
  facts: true,
  journal: true,
  strategy: true,
} satisfies Record<SideTab, true>) as SideTab[];
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
