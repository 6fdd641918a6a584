import { useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { useFilesStore } from '../../state/files';
import { useLayoutStore, type SideTab } from '../../state/layout';
import { EditorPanel } from '../editor/EditorPanel';
import { ContextInspector } from '../inspector/ContextInspector';
import { FactsPanel } from '../facts/FactsPanel';
import { StrategyPanel } from '../strategy/StrategyPanel';
import { MemoryJournal } from '../journal/MemoryJournal';

const TABS: { id: SideTab; label: string }[] = [
  { id: 'editor', label: 'Editor' },
  { id: 'context', label: 'Context' },
  { id: 'facts', label: 'Facts' },
  { id: 'journal', label: 'Memory journal' },
  { id: 'strategy', label: 'Strategy' },
];

/** The right-hand panels: one shown at a time; opening a file brings the editor forward. */
export function SideTabs({
  extra,
}: {
  extra?: { id: SideTab; label: string; panel: ReactNode }[];
}) {
  const tab = useLayoutStore((s) => s.tab);
  const setTab = useLayoutStore((s) => s.setTab);
  const selectedPath = useFilesStore((s) => s.selectedPath);

  useEffect(() => {
    if (selectedPath) useLayoutStore.getState().setTab('editor');
  }, [selectedPath]);

  const tabs = [...TABS, ...(extra ?? []).map(({ id, label }) => ({ id, label }))];
  // The ARIA tabs pattern: one tab stop, arrow keys (and Home/End) move between tabs.
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === tab);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const id = tabs[next]!.id;
    setTab(id);
    document.getElementById(`tab-${id}`)?.focus();
  };
  return (
    <div className="side-tabs">
      <div role="tablist" aria-label="Panels" className="tab-bar" onKeyDown={onTabKey}>
        {tabs.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            tabIndex={tab === id ? 0 : -1}
            aria-controls={`panel-${id}`}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {tab === 'editor' && <EditorPanel />}
        {tab === 'context' && <ContextInspector />}
        {tab === 'facts' && <FactsPanel />}
        {tab === 'journal' && <MemoryJournal />}
        {tab === 'strategy' && <StrategyPanel />}
        {extra?.find((e) => e.id === tab)?.panel}
      </div>
    </div>
  );
}
