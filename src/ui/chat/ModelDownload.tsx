import { useSettingsStore } from '../../state/settings';
import {
  cancelLocalDownload,
  loadLocalModel,
  memoryStepsToChat,
  switchToDemo,
  useLocalModelStore,
  downloadPercent,
  formatBytes,
  localModelInfo,
} from '../../state/local-model';
import { useChatStore } from '../../state/chat';

/**
 * "Use the Demo instead": the Demo becomes the provider, and a message the in-browser model could
 * not answer (the thread ends with the user's message and the notice saying why) is sent again.
 */
async function switchToDemoAndResend(): Promise<void> {
  await switchToDemo();
  const { thread, running, send } = useChatStore.getState();
  const [before, last] = (thread?.messages ?? []).slice(-2);
  if (!running && before?.role === 'user' && last?.role === 'notice') await send(before.content);
}

/**
 * The in-browser model's download and loading, above the message box: a progress bar with bytes
 * and percent and a Cancel button while it downloads, and what to do when it cannot (try again, or
 * use the Demo). Shown when the in-browser model is the provider or answers memory steps.
 */
export function ModelDownload() {
  const chat = useSettingsStore((s) => s.settings.provider === 'local');
  const memory = useSettingsStore((s) => s.settings.strategy.memoryProvider === 'local');
  const status = useLocalModelStore((s) => s.status);
  const modelId = useLocalModelStore((s) => s.modelId);
  // The failure of a send is said once, by the conversation's notice: this box then only offers
  // what to do next.
  const saidInChat = useChatStore((s) => {
    const last = s.thread?.messages.at(-1);
    return (
      status.state === 'failed' &&
      last?.role === 'notice' &&
      last.kind === 'error' &&
      last.content.includes(status.message)
    );
  });
  if (!chat && !memory) return null;
  const name = localModelInfo(modelId)?.label ?? modelId;
  // Without a download, the chat falls back to the Demo; memory steps to the chat provider.
  const fallback = chat ? (
    <button type="button" onClick={() => void switchToDemoAndResend()}>
      Use the Demo instead
    </button>
  ) : (
    <button type="button" onClick={() => void memoryStepsToChat()}>
      Run memory steps on the chat provider
    </button>
  );

  switch (status.state) {
    case 'idle':
    case 'ready':
      return null;
    case 'checking':
      return (
        <div className="model-download" role="status">
          <span>Checking {name}…</span>
          <button type="button" onClick={cancelLocalDownload}>
            Cancel
          </button>
        </div>
      );
    case 'downloading': {
      const percent = downloadPercent(status);
      const verb = status.fromCache ? 'Loading from this browser' : 'Downloading';
      const amount =
        status.total !== null
          ? `${formatBytes(status.loaded)} of ${formatBytes(status.total)} (${Math.floor(percent ?? 0)}%)`
          : `${formatBytes(status.loaded)}`;
      return (
        <div className="model-download">
          <label className="model-download-label" htmlFor="model-download-bar">
            {verb} {name}: {amount}
          </label>
          <div className="model-download-row">
            <progress
              id="model-download-bar"
              aria-label="Model download"
              aria-valuetext={`${verb}: ${amount}`}
              max={status.total ?? undefined}
              value={status.total !== null ? status.loaded : undefined}
            />
            <button type="button" onClick={cancelLocalDownload}>
              Cancel
            </button>
          </div>
          {!status.fromCache && (
            <p className="model-download-note">
              Once downloaded, the model stays in this browser for later visits.
            </p>
          )}
        </div>
      );
    }
    case 'loading':
      return (
        <div className="model-download" role="status">
          <span>Preparing {name} to run in this tab…</span>
          <button type="button" onClick={cancelLocalDownload}>
            Cancel
          </button>
        </div>
      );
    case 'cancelled':
      return (
        <div className="model-download" role="status">
          <span>The download of {name} was cancelled.</span>
          <button type="button" onClick={loadLocalModel}>
            Download
          </button>
          {fallback}
        </div>
      );
    case 'failed':
      return (
        <div
          className="model-download model-download-failed"
          role={saidInChat ? 'group' : 'alert'}
          aria-label={saidInChat ? 'The in-browser model is not available' : undefined}
        >
          {!saidInChat && (
            <p>
              {status.reason === 'unreachable'
                ? 'The model cannot be downloaded right now. '
                : status.reason === 'unsupported'
                  ? 'This browser could not run the model. '
                  : ''}
              {status.message}
            </p>
          )}
          <p>The Demo works without a download: it is a scripted stand-in, not a language model.</p>
          <div className="model-download-row">
            <button type="button" onClick={() => void switchToDemoAndResend()}>
              Use the Demo instead
            </button>
            <button type="button" onClick={loadLocalModel}>
              Try again
            </button>
          </div>
        </div>
      );
  }
}
