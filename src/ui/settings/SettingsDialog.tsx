import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { KeyedProviderId, ProviderId } from '../../core/providers/settings';
import type { Settings } from '../../core/settings';
import {
  keyEndpoint,
  keyMovedNotice,
  useSettingsStore,
  isKeyedProvider,
  KEYED_PROVIDERS,
  mapKeyed,
  PROVIDER_IDS,
  PROVIDER_LABELS,
} from '../../state/settings';
import { CompactionFields, parseCompactionDraft, toCompactionDraft } from './CompactionFields';
import { FactsFields, parseFactsDraft, toFactsDraft } from './FactsFields';
import { ExperimentToolsField, parseExperimentText } from './ExperimentToolsField';
import { StrategyDefaultsField } from './StrategyDefaultsField';
import { LocalModelFields, parseLocalDraft, toLocalDraft } from './LocalModelFields';
import { Choice, TextField, Toggle } from './Fields';
import './settings.css';
import { validateProviderSettings, resolveProfile, errorText } from '../../state/views/settings';
import { DEFAULT_LOCAL_CONTEXT_WINDOW } from '../../state/local-model';

/** The dialog's sections, in order (the links at its top lead to each). */
const SECTIONS = [
  { key: 'connection', label: 'Provider' },
  { key: 'memory', label: 'Memory' },
  { key: 'compaction', label: 'Compaction' },
  { key: 'facts', label: 'Facts' },
  { key: 'strategies', label: 'Strategies' },
  { key: 'tools', label: 'Tools' },
] as const;
type SectionKey = (typeof SECTIONS)[number]['key'];
const SECTION_IDS = Object.fromEntries(
  SECTIONS.map(({ key }) => [key, `settings-section-${key}`]),
) as Record<SectionKey, string>;

/** Links to the dialog's sections: each scrolls its section to the top of the dialog's body. */
function SectionNav() {
  const go = (key: SectionKey) => {
    const section = document.getElementById(SECTION_IDS[key]);
    const body = section?.closest('.settings-body');
    if (!section || !body) return;
    // Only the body scrolls (scrollIntoView would move the dialog's fixed parts as well).
    body.scrollTop += section.getBoundingClientRect().top - body.getBoundingClientRect().top - 4;
    section.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
  };
  return (
    <nav aria-label="Settings sections" className="settings-nav">
      {SECTIONS.map(({ key, label }) => (
        <button key={key} type="button" onClick={() => go(key)}>
          {label}
        </button>
      ))}
    </nav>
  );
}

export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const stored = useSettingsStore((s) => s.settings);
  const storedKeys = useSettingsStore((s) => s.apiKeys);
  const keyEndpoints = useSettingsStore((s) => s.keyEndpoints);
  const storedKeyNotice = useSettingsStore((s) => s.keyNotice);
  const save = useSettingsStore((s) => s.save);
  const [draft, setDraft] = useState<Settings>(stored);
  const [keys, setKeys] = useState(storedKeys);
  /** Providers whose key was typed in this dialog (bound to the base URL it was typed for). */
  const [entered, setEntered] = useState<Partial<Record<KeyedProviderId, boolean>>>({});
  const [contextWindowText, setContextWindowText] = useState(
    stored.contextWindow?.toString() ?? '',
  );
  const [problems, setProblems] = useState<string[]>([]);
  const [compaction, setCompaction] = useState(() => toCompactionDraft(stored.compaction));
  const [facts, setFacts] = useState(() => toFactsDraft(stored.facts));
  const [local, setLocal] = useState(() => toLocalDraft(stored.local));
  const [experimentText, setExperimentText] = useState(() =>
    stored.experimentTools.length ? JSON.stringify(stored.experimentTools, null, 2) : '',
  );
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const provider = draft.provider;
  /** The provider when it takes a base URL and a key (the Demo and the in-browser model do not). */
  const keyed = isKeyedProvider(provider) ? provider : null;
  const connection = keyed ? draft[keyed] : null;
  const profile = resolveProfile(connection?.model ?? 'demo');
  // A key belongs to the endpoint it was entered for: pointing the provider elsewhere empties the
  // field (the key is not sent there) until the person types it again.
  const boundTo = keyed ? keyEndpoints[keyed] : '';
  const keyMoved =
    keyed !== null &&
    !entered[keyed] &&
    keys[keyed] !== '' &&
    boundTo !== '' &&
    boundTo !== keyEndpoint(draft, keyed);
  const keyFor = (p: KeyedProviderId) =>
    !entered[p] && keyEndpoints[p] !== '' && keyEndpoints[p] !== keyEndpoint(draft, p)
      ? ''
      : keys[p];
  const keyNotice =
    keyed === null
      ? undefined
      : keyMoved
        ? keyMovedNotice(keyed, boundTo, draft)
        : keys[keyed] === '' && !entered[keyed]
          ? storedKeyNotice
          : undefined;

  const setProvider = (value: ProviderId) => setDraft({ ...draft, provider: value });
  const setConnection = (field: 'baseURL' | 'model', value: string) => {
    if (keyed === null) return;
    setDraft({ ...draft, [keyed]: { ...draft[keyed], [field]: value } });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: string[] = [];
    let contextWindow: number | null = null;
    if (contextWindowText.trim() !== '') {
      const n = Number(contextWindowText);
      if (!Number.isInteger(n) || n < 1024 || n > 10_000_000) {
        found.push(
          'Context window must be a whole number of tokens from 1,024 to 10,000,000, or empty to use the model profile.',
        );
      } else contextWindow = n;
    }
    if (keyed !== null) {
      found.push(
        ...validateProviderSettings({
          provider: keyed,
          baseURL: draft[keyed].baseURL,
          apiKey: keyFor(keyed),
          model: draft[keyed].model,
        }).map((problem) => problem.message),
      );
    }
    const localResult = parseLocalDraft(local);
    if (provider === 'local') found.push(...localResult.problems);
    const compactionResult = parseCompactionDraft(compaction);
    const factsResult = parseFactsDraft(facts);
    const experimentResult = parseExperimentText(experimentText);
    found.push(...compactionResult.problems, ...factsResult.problems, ...experimentResult.problems);
    if (
      found.length > 0 ||
      !compactionResult.settings ||
      !factsResult.settings ||
      !experimentResult.tools
    ) {
      setProblems(found);
      return;
    }
    try {
      await save(
        {
          ...draft,
          contextWindow,
          compaction: compactionResult.settings,
          facts: factsResult.settings,
          experimentTools: experimentResult.tools,
          // Fields of another provider that do not check out keep their saved values.
          local: localResult.settings ?? stored.local,
        },
        mapKeyed(keyFor),
        entered,
      );
      onClose();
    } catch (error) {
      setProblems([errorText(error)]);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="settings-title"
      className="mp-modal settings-dialog"
      onClose={onClose}
    >
      <form onSubmit={(event) => void submit(event)}>
        <h2 id="settings-title">Settings</h2>
        <SectionNav />
        {/* Only the sections scroll: the title, the section links and the buttons stay in view,
        and nothing is drawn over a field. */}
        <div className="settings-body">
          <fieldset id={SECTION_IDS.connection}>
            <legend>Model provider</legend>
            {/* The label stands apart from the select so its accessible name is exactly "Provider". */}
            <label htmlFor="settings-provider">Provider</label>
            <div className="field">
              <Choice
                id="settings-provider"
                value={provider}
                options={PROVIDER_IDS}
                labels={PROVIDER_LABELS}
                onChange={setProvider}
              />
            </div>
            {provider === 'demo' ? (
              <p className="hint">
                The Demo provider is a deterministic, scripted stand-in that runs offline. It is not
                a language model: it shows how the memory mechanisms work without an API key.
              </p>
            ) : keyed === null ? (
              <LocalModelFields value={local} onChange={setLocal} />
            ) : (
              <>
                <TextField
                  label="Base URL"
                  type="url"
                  value={connection?.baseURL ?? ''}
                  onChange={(text) => setConnection('baseURL', text)}
                  placeholder={KEYED_PROVIDERS[keyed].defaultBaseURL}
                />
                <label>
                  API key
                  <input
                    type="password"
                    value={keyMoved ? '' : keys[keyed]}
                    onChange={(event) => {
                      setKeys({ ...keys, [keyed]: event.target.value });
                      setEntered({ ...entered, [keyed]: true });
                    }}
                    autoComplete="off"
                    spellCheck={false}
                  />
                </label>
                {keyNotice && (
                  <p role="status" className="hint key-notice">
                    {keyNotice}
                  </p>
                )}
                <TextField
                  label="Model"
                  value={connection?.model ?? ''}
                  onChange={(text) => setConnection('model', text)}
                />
                <label className="check">
                  <input
                    type="checkbox"
                    checked={draft.rememberKey}
                    onChange={(event) => setDraft({ ...draft, rememberKey: event.target.checked })}
                  />
                  Remember key on this device
                </label>
                <p className="hint">
                  {draft.rememberKey
                    ? 'On: the key is kept in this browser until you clear it here.'
                    : 'Off: the key is kept in memory only and is gone when the tab closes.'}{' '}
                  Keys are sent only to the provider above and are never exported.
                </p>
              </>
            )}
            <label>
              Context window
              <input
                inputMode="numeric"
                value={contextWindowText}
                onChange={(event) => setContextWindowText(event.target.value)}
                placeholder={
                  provider === 'local'
                    ? `${DEFAULT_LOCAL_CONTEXT_WINDOW} (default for the in-browser model)`
                    : `${profile.contextWindow} (${profile.known ? 'from the model profile' : 'default for unknown models'})`
                }
              />
            </label>
          </fieldset>
          <fieldset id={SECTION_IDS.memory}>
            <legend>AGENTS.md memory</legend>
            <Toggle
              label="Refresh memory after edits"
              checked={draft.refreshMemoryAfterEdits}
              onChange={(refreshMemoryAfterEdits) =>
                setDraft({ ...draft, refreshMemoryAfterEdits })
              }
              on="On: an edit to AGENTS.md reaches the model from the next call of the same thread."
              off="Off: AGENTS.md is loaded once per thread, as Deep Agents does, and edits show up in the next thread."
            />
          </fieldset>
          <div id={SECTION_IDS.compaction}>
            <CompactionFields
              value={compaction}
              onChange={setCompaction}
              contextWindow={{ text: contextWindowText, set: setContextWindowText }}
            />
          </div>
          <div id={SECTION_IDS.facts}>
            <FactsFields value={facts} onChange={setFacts} />
          </div>
          <div id={SECTION_IDS.strategies}>
            <StrategyDefaultsField
              value={draft.strategy}
              onChange={(strategy) => setDraft({ ...draft, strategy })}
            />
          </div>
          <div id={SECTION_IDS.tools}>
            <ExperimentToolsField value={experimentText} onChange={setExperimentText} />
          </div>
        </div>
        {problems.length > 0 && (
          <ul role="alert" className="problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit">Save</button>
        </div>
      </form>
    </dialog>
  );
}
