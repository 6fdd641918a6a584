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

export type CollapsiblePanel = 'sidebar' | 'tokens' | 'inspector';

export const PANEL_LABELS: Record<CollapsiblePanel, string> = {
  sidebar: 'Threads and files',
  tokens: 'Token usage',
  inspector: 'Side panels',
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
          <Panel id="panels" className="panels-panel" minSize="160px">
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
          {PANEL_LABELS[panel]}
        </button>
      ))}
    </div>
  );
}
