import { useEffect, type ReactNode } from 'react';
import { useFilesStore } from '../../state/files';
import { useLayoutStore, type SideTab } from '../../state/layout';
import { EditorPanel } from '../editor/EditorPanel';
import { ContextInspector } from '../inspector/ContextInspector';
import { FactsPanel } from '../facts/FactsPanel';

const TABS: { id: SideTab; label: string }[] = [
  { id: 'editor', label: 'Editor' },
  { id: 'context', label: 'Context' },
  { id: 'facts', label: 'Facts' },
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
  return (
    <div className="side-tabs">
      <div role="tablist" aria-label="Panels" className="tab-bar">
        {tabs.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
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
        {extra?.find((e) => e.id === tab)?.panel}
      </div>
    </div>
  );
}
