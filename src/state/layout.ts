import { create } from 'zustand';

export type SideTab = 'editor' | 'context' | 'facts' | 'journal' | 'strategy';

/** Which panel the right-hand column shows. */
export const useLayoutStore = create<{ tab: SideTab; setTab(tab: SideTab): void }>((set) => ({
  tab: 'editor',
  setTab: (tab) => set({ tab }),
}));
