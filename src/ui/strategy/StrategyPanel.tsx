import { Fragment, useMemo } from 'react';
import { useChatStore } from '../../state/chat';
import { useSettingsStore } from '../../state/settings';
import { strategyPanelView } from '../../state/views/strategy';
import { PanelSections } from './PanelSections';
import './strategy.css';

/** The thread's strategy memory as it evolves: what it keeps, what the last call carried. */
export function StrategyPanel() {
  const thread = useChatStore((s) => s.thread);
  const settings = useSettingsStore((s) => s.settings);
  const view = useMemo(() => strategyPanelView(thread, settings), [thread, settings]);

  return (
    <section aria-label="Strategy" className="strategy-panel">
      <header>
        <h2>{view.label}</h2>
      </header>
      <p className="muted">{view.description}</p>
      {!view.hasThread && <p>Send a message to start a thread; its strategy memory shows here.</p>}
      {view.stale && (
        <p className="strategy-notice">
          Switched to {view.label}: it takes over at the next model call.
        </p>
      )}
      {view.stats.length > 0 && (
        <dl className="strategy-stats">
          {view.stats.map((stat) => (
            <Fragment key={stat.label}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
      {view.failure && (
        <p className="strategy-notice" role="status">
          {view.failure}
        </p>
      )}
      <PanelSections sections={view.sections} />
    </section>
  );
}
