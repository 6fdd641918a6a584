import { useRef } from 'react';
import { useArenaStore, SCENARIOS, MAX_TRANSCRIPT_LABEL } from '../../state/arena';
import { useChatStore } from '../../state/chat';
import { ImportSessionButton } from '../import/ImportSessionDialog';
import { Options } from '../options';
import { transcriptTurns } from '../../state/views/arena';
import './controls.css';

/** The transcript to replay: a built-in scenario, a past thread, or a file. */
export function TranscriptPicker() {
  const source = useArenaStore((s) => s.source);
  const transcript = useArenaStore((s) => s.transcript);
  const importError = useArenaStore((s) => s.importError);
  const running = useArenaStore((s) => s.running);
  const threads = useChatStore((s) => s.threads);
  const fileInput = useRef<HTMLInputElement>(null);
  const scenarioValue = source.startsWith('scenario:') ? source.slice('scenario:'.length) : '';
  const threadValue = source.startsWith('thread:') ? source.slice('thread:'.length) : '';
  const turns = transcript ? transcriptTurns(transcript).length : 0;

  return (
    <fieldset className="arena-card arena-transcript" disabled={running}>
      <legend>Transcript</legend>
      <label className="arena-field">
        <span>Scenario</span>
        <select
          value={scenarioValue}
          onChange={(e) => useArenaStore.getState().chooseScenario(e.target.value)}
        >
          {!scenarioValue && <option value="">(another transcript is chosen)</option>}
          <Options items={SCENARIOS} value={(s) => s.id} label={(s) => s.title} />
        </select>
      </label>
      <label className="arena-field">
        <span>Past thread</span>
        <select
          value={threadValue}
          onChange={(e) =>
            e.target.value && void useArenaStore.getState().chooseThread(e.target.value)
          }
        >
          <option value="">{threads.length ? 'Choose a thread…' : 'No threads yet'}</option>
          <Options
            items={threads}
            value={(t) => t.id}
            label={(t) => `${t.title || 'Untitled'} (${t.messageCount} messages)`}
          />
        </select>
      </label>
      <div className="arena-field">
        <label htmlFor="arena-import">Import transcript</label>
        <input
          id="arena-import"
          ref={fileInput}
          type="file"
          accept=".jsonl,.json,application/json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void useArenaStore.getState().importFile(file);
            e.target.value = '';
          }}
        />
        <small className="arena-hint">
          Thread JSONL (as exported in a bundle), a LoCoMo conversation JSON with its qa list, or
          another agent’s session (Claude Code, Codex CLI, OpenAI, Anthropic, LangChain); at most{' '}
          {MAX_TRANSCRIPT_LABEL}.
        </small>
      </div>
      <div className="arena-field">
        <ImportSessionButton from="arena" />
      </div>
      {importError && (
        <p role="alert" className="arena-error">
          {importError}
        </p>
      )}
      {transcript && (
        <p className="arena-transcript-summary" aria-live="polite">
          <strong>{transcript.title}</strong>: {turns} turns, {transcript.messages.length} messages,{' '}
          {transcript.probes.length} probes.
          {transcript.note && <span className="arena-hint"> {transcript.note}</span>}
          {transcript.probes.length === 0 && (
            <span className="arena-hint"> No probes: tokens are measured, recall is not.</span>
          )}
        </p>
      )}
    </fieldset>
  );
}
