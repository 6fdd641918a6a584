import { lazy, Suspense, useEffect, useState } from 'react';
import { useChatStore } from '../../state/chat';
import { PROVIDER_LABELS, useSettingsStore } from '../../state/settings';
import { useFactsStore } from '../../state/facts';
import { startApp } from '../../state/startup';
import { Conversation } from '../chat/Conversation';
import { Composer } from '../chat/Composer';
import { ThreadList } from '../threads/ThreadList';
import { SettingsDialog } from '../settings/SettingsDialog';
import { TokenReadout } from '../tokens/TokenReadout';
import { FilesPanel } from '../files/FilesPanel';
import { BundlePanel } from '../bundle/BundlePanel';
import { Notices } from './Notices';
import { SideTabs } from './SideTabs';
import { LayoutToggles, Workspace } from './Workspace';
import { StrategyPicker } from '../strategy/StrategyPicker';
import { useArenaStore } from '../../state/arena';
import { openNewThread, useRouteStore } from '../../state/router';
import { RouteMissing } from './RouteMissing';
import { RecordDialog } from '../record/RecordView';
import { ImportSessionDialog } from '../import/ImportSessionDialog';

// The Strategy arena loads on first open (its charts and replay code stay out of the first page).
const ArenaView = lazy(() => import('../arena/ArenaView').then((m) => ({ default: m.ArenaView })));

type StartState =
  { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string };

export function App() {
  const [start, setStart] = useState<StartState>({ status: 'loading' });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settings = useSettingsStore((s) => s.settings);
  const running = useChatStore((s) => s.running);
  const arenaOpen = useArenaStore((s) => s.open);
  const problem = useRouteStore((s) => s.problem);
  const factsSettings = settings.facts;

  // The embedding worker follows the fact-memory settings (created only for embeddings / hybrid).
  useEffect(() => {
    if (start.status === 'ready') useFactsStore.getState().syncEmbedder(factsSettings);
  }, [factsSettings, start.status]);

  useEffect(() => {
    let cancelled = false;
    void startApp().then((failure) => {
      if (cancelled) return;
      setStart(failure ? { status: 'failed', message: failure } : { status: 'ready' });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const badge =
    PROVIDER_LABELS[settings.provider] +
    (settings.provider === 'demo'
      ? ' — scripted stand-in, not a language model'
      : ` · ${settings[settings.provider].model}`);

  if (start.status === 'failed') {
    return (
      <p role="alert" className="fatal">
        {start.message}
      </p>
    );
  }
  if (start.status === 'loading') return <p className="loading">Opening your workspace…</p>;

  return (
    <div className="app">
      <header className="topbar">
        <h1>Memory Playground</h1>
        <span className={`provider-badge provider-${settings.provider}`} title={badge}>
          {badge}
        </span>
        <LayoutToggles />
        <div className="topbar-actions">
          <button
            type="button"
            aria-pressed={arenaOpen}
            onClick={() => useArenaStore.getState().setOpen(!arenaOpen)}
            title={arenaOpen ? 'Back to the chat' : 'Compare context strategies on one transcript'}
          >
            Arena
          </button>
          <button type="button" onClick={openNewThread} disabled={running}>
            New thread
          </button>
          <button type="button" onClick={() => setSettingsOpen(true)}>
            Settings
          </button>
        </div>
      </header>
      <Notices />
      {arenaOpen ? (
        <Suspense fallback={<p className="loading">Opening the arena…</p>}>
          <ArenaView />
        </Suspense>
      ) : (
        <Workspace
          sidebar={
            <>
              <ThreadList />
              <FilesPanel />
              <BundlePanel />
            </>
          }
          chat={
            problem && problem.kind !== 'run' ? (
              <RouteMissing problem={problem} />
            ) : (
              <>
                {/* The thread's header slot: the context strategy picker (more thread controls go here). */}
                <StrategyPicker />
                <Conversation />
                <Composer />
              </>
            )
          }
          tokens={<TokenReadout />}
          panels={<SideTabs />}
        />
      )}
      {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
      <RecordDialog />
      <ImportSessionDialog />
    </div>
  );
}
