import { useState } from 'react';
import { useSettingsStore } from '../../state/settings';
import { useRouteStore } from '../../state/router';
import { MemoryNotices } from '../journal/MemoryNotices';
import { DismissButton, useFadeAway } from '../notice';

/**
 * The one place notices show, under the top bar, newest first: memory changes made outside a chat
 * (newest first among themselves), what the address could not open, and a settings problem. Each
 * can be dismissed; information goes away by itself after a while, errors stay.
 */
export function Notices() {
  const loadProblem = useSettingsStore((s) => s.loadProblem);
  const routeNotice = useRouteStore((s) => s.notice);
  const [dismissedProblem, setDismissedProblem] = useState<string | null>(null);
  return (
    <div className="notices">
      <MemoryNotices />
      {routeNotice && <RouteNotice text={routeNotice} />}
      {loadProblem && loadProblem !== dismissedProblem && (
        <div role="alert" className="banner banner-error">
          <span>{loadProblem}</span>
          <DismissButton onClick={() => setDismissedProblem(loadProblem)} />
        </div>
      )}
    </div>
  );
}

function RouteNotice({ text }: { text: string }) {
  const dismiss = () => {
    if (useRouteStore.getState().notice === text) useRouteStore.setState({ notice: null });
  };
  const hold = useFadeAway(text, dismiss);
  return (
    <div role="status" className="banner" {...hold}>
      <span>{text}</span>
      <DismissButton onClick={dismiss} />
    </div>
  );
}
