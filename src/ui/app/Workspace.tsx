// The app's resizable layout: sidebar | chat | inspector (token usage above the side panels).
// Every boundary is a keyboard-usable separator (arrow keys resize, Enter collapses or expands,
// double-click resets), the sidebar, the token usage and the whole inspector collapse, and the
// layout is remembered in localStorage.
import { useEffect, type ReactNode } from 'react';
import {
  Group,
  Panel,
  Separator,
  useDefaultLayout,
  usePanelRef,
  type PanelImperativeHandle,
} from 'react-resizable-panels';
import { create } from 'zustand';
import { useFilesStore } from '../../state/files';
import { useLayoutStore } from '../../state/layout';

export type CollapsiblePanel = 'sidebar' | 'tokens' | 'inspector';

export const PANEL_LABELS: Record<CollapsiblePanel, string> = {
  sidebar: 'Threads and files',
  tokens: 'Token usage',
  inspector: 'Side panels',
};

/** The part of each toggle's name a narrow window leaves out of sight (the name stays whole). */
const NARROW_HIDDEN: Record<CollapsiblePanel, string> = {
  sidebar: 'Threads and ',
  tokens: '',
  inspector: 'Side ',
};

interface PanelsState {
  collapsed: Record<CollapsiblePanel, boolean>;
  handles: Partial<Record<CollapsiblePanel, PanelImperativeHandle | null>>;
  toggle(panel: CollapsiblePanel): void;
}

/** Collapsed state of the collapsible panels, and their handles (for the toggle buttons). */
export const usePanelsStore = create<PanelsState>((set, get) => ({
  collapsed: { sidebar: false, tokens: false, inspector: false },
  handles: {},
  toggle(panel) {
    const handle = get().handles[panel];
    if (!handle) return;
    if (handle.isCollapsed()) handle.expand();
    else handle.collapse();
  },
}));

function useRegister(panel: CollapsiblePanel) {
  const ref = usePanelRef();
  useEffect(() => {
    usePanelsStore.setState((s) => ({ handles: { ...s.handles, [panel]: ref.current } }));
  });
  const onResize = (size: { asPercentage: number }) => {
    const collapsed = size.asPercentage < 0.5;
    if (usePanelsStore.getState().collapsed[panel] !== collapsed)
      usePanelsStore.setState((s) => ({ collapsed: { ...s.collapsed, [panel]: collapsed } }));
  };
  return { panelRef: ref, onResize };
}

const storage = typeof localStorage === 'undefined' ? undefined : localStorage;

/** The side panels' height when the editor has nothing to show: its tab bar and one slim row. */
const SLIM_PANELS = '68px';

/**
 * An empty editor gives its height to the token usage: while the Editor tab is shown with no file
 * (and nothing to say), the side panels shrink to their tab bar and one row; opening a file or
 * another tab brings back the height they had. Not while the token usage itself is hidden.
 */
function useSlimSidePanels() {
  const ref = usePanelRef();
  const emptyEditor = useLayoutStore((s) => s.tab === 'editor');
  const nothingOpen = useFilesStore((s) => !s.selectedPath && !s.error && !s.notice);
  const tokensHidden = usePanelsStore((s) => s.collapsed.tokens);
  const slim = emptyEditor && nothingOpen && !tokensHidden;
  useEffect(() => {
    const handle = ref.current;
    if (!handle) return;
    if (slim) {
      if (!handle.isCollapsed()) handle.collapse();
    } else if (handle.isCollapsed()) {
      handle.expand();
      // After a reload the panel has no earlier size to go back to: the default share then (with
      // the token usage hidden, the side panels already take the whole column).
      if (!tokensHidden && handle.getSize().asPercentage < 40) handle.resize('66%');
    }
  }, [slim, tokensHidden, ref]);
  return ref;
}

export function Workspace({
  sidebar,
  chat,
  tokens,
  panels,
}: {
  sidebar: ReactNode;
  chat: ReactNode;
  tokens: ReactNode;
  panels: ReactNode;
}) {
  const columns = useDefaultLayout({ id: 'mp-layout-columns', ...(storage ? { storage } : {}) });
  const inspector = useDefaultLayout({
    id: 'mp-layout-inspector',
    ...(storage ? { storage } : {}),
  });
  const sidebarPanel = useRegister('sidebar');
  const inspectorPanel = useRegister('inspector');
  const tokensPanel = useRegister('tokens');
  const panelsRef = useSlimSidePanels();

  return (
    <Group
      id="mp-layout-columns"
      className="layout"
      orientation="horizontal"
      defaultLayout={columns.defaultLayout}
      onLayoutChanged={columns.onLayoutChanged}
    >
      <Panel
        id="sidebar"
        className="sidebar"
        defaultSize="236px"
        minSize="160px"
        maxSize="40%"
        collapsible
        {...sidebarPanel}
      >
        <aside aria-label={PANEL_LABELS.sidebar} className="panel-fill">
          {sidebar}
        </aside>
      </Panel>
      <Separator className="resize-handle" aria-label="Resize threads and files" />
      <Panel id="chat" className="chat-column" minSize="300px">
        <main className="panel-fill chat-main">{chat}</main>
      </Panel>
      <Separator className="resize-handle" aria-label="Resize the chat and the side panels" />
      <Panel
        id="inspector"
        className="inspector-column"
        defaultSize="40%"
        minSize="300px"
        maxSize="70%"
        collapsible
        {...inspectorPanel}
      >
        <Group
          id="mp-layout-inspector"
          orientation="vertical"
          className="inspector-group"
          defaultLayout={inspector.defaultLayout}
          onLayoutChanged={inspector.onLayoutChanged}
        >
          <Panel
            id="tokens"
            className="tokens-panel"
            defaultSize="34%"
            minSize="90px"
            collapsible
            {...tokensPanel}
          >
            {tokens}
          </Panel>
          <Separator
            className="resize-handle resize-handle-row"
            aria-label="Resize token usage and the side panels"
          />
          <Panel
            id="panels"
            className="panels-panel"
            minSize="160px"
            collapsible
            collapsedSize={SLIM_PANELS}
            panelRef={panelsRef}
          >
            {panels}
          </Panel>
        </Group>
      </Panel>
    </Group>
  );
}

/** Buttons that collapse and restore the collapsible panels (also reachable by the separators). */
export function LayoutToggles() {
  const collapsed = usePanelsStore((s) => s.collapsed);
  const toggle = usePanelsStore((s) => s.toggle);
  return (
    <div className="layout-toggles" role="group" aria-label="Layout">
      {(Object.keys(PANEL_LABELS) as CollapsiblePanel[]).map((panel) => (
        <button
          key={panel}
          type="button"
          aria-pressed={!collapsed[panel]}
          onClick={() => toggle(panel)}
          title={`${collapsed[panel] ? 'Show' : 'Hide'} ${PANEL_LABELS[panel].toLowerCase()}`}
        >
          <span className="toggle-narrow-hidden">{NARROW_HIDDEN[panel]}</span>
          <span className="toggle-shown">
            {PANEL_LABELS[panel].slice(NARROW_HIDDEN[panel].length)}
          </span>
        </button>
      ))}
    </div>
  );
}
