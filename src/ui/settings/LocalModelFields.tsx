import { useEffect, useState } from 'react';
import type { LocalDtype } from '../../core/providers/local/models';
import type { LocalModelSettings } from '../../core/providers/local/settings';
import {
  cacheKeyOf,
  expectedDownload,
  refreshCached,
  removeDownloadedModel,
  useLocalModelStore,
  formatBytes,
  LOCAL_DTYPE_LABELS,
  LOCAL_DTYPES,
  LOCAL_MODELS,
  localModelInfo,
  MAX_NEW_TOKENS_RANGE,
} from '../../state/local-model';
import type { FieldProps } from './NumberField';
import { Choice, TextField } from './Fields';
import { Options } from '../options';

/** The fields as typed (the number stays text until it is checked). */
export interface LocalDraft {
  model: string;
  baseURL: string;
  dtype: LocalDtype;
  maxNewTokens: string;
}

export function toLocalDraft(local: LocalModelSettings): LocalDraft {
  return { ...local, maxNewTokens: String(local.maxNewTokens) };
}

export function parseLocalDraft(draft: LocalDraft): {
  settings?: LocalModelSettings;
  problems: string[];
} {
  const problems: string[] = [];
  const model = draft.model.trim();
  const baseURL = draft.baseURL.trim();
  if (!model) problems.push('In-browser model: choose a model id.');
  else if (model.length > 200) problems.push('In-browser model: the model id is too long.');
  if (baseURL.length > 2048) problems.push('Model host: the address is too long.');
  else if (/^[a-z][a-z0-9+.-]*:/i.test(baseURL) && !/^(https?:|local:)/i.test(baseURL))
    problems.push(
      'Model host: use an http(s) address, a path such as /models/, or leave it empty.',
    );
  else if (/^https?:/i.test(baseURL)) {
    try {
      new URL(baseURL.replace('{model}', 'm').replace('{revision}', 'main'));
    } catch {
      problems.push('Model host: the address is not a valid URL.');
    }
  }
  const n = Number(draft.maxNewTokens);
  const { min, max } = MAX_NEW_TOKENS_RANGE;
  if (!Number.isInteger(n) || n < min || n > max)
    problems.push(
      `Maximum new tokens must be a whole number from ${min} to ${max.toLocaleString('en-US')}.`,
    );
  if (problems.length > 0) return { problems };
  return { settings: { model, baseURL, dtype: draft.dtype, maxNewTokens: n }, problems };
}

export function LocalModelFields({ value: draft, onChange }: FieldProps<LocalDraft>) {
  const cached = useLocalModelStore((s) => s.cached[cacheKeyOf(draft.model, draft.baseURL)]);
  const removed = useLocalModelStore((s) => s.removed);
  const [removing, setRemoving] = useState(false);
  const info = localModelInfo(draft.model);
  const expected = expectedDownload({ ...draft, maxNewTokens: 0 });
  const servedByApp = draft.baseURL.trim() !== '' && !/^https?:/i.test(draft.baseURL.trim());

  useEffect(() => {
    // Reading the cache downloads nothing; it waits for typing to settle.
    const timer = setTimeout(() => void refreshCached(draft.model, draft.baseURL), 300);
    return () => clearTimeout(timer);
  }, [draft.model, draft.baseURL]);

  const sizes = [
    expected.webgpu !== undefined ? `${formatBytes(expected.webgpu)} with WebGPU` : '',
    expected.wasm !== undefined ? `${formatBytes(expected.wasm)} without (WASM)` : '',
  ].filter(Boolean);

  return (
    <>
      <p className="hint">
        A small language model that runs in this tab (WebGPU when the browser has it, else WASM): no
        key and no server. It downloads once, when you first send a message, and stays in this
        browser for later visits.{' '}
        {sizes.length > 0
          ? `Download: about ${sizes.join(', ')}.`
          : 'Its size shows when the download starts.'}{' '}
        Small models make mistakes with tools; the Demo stays available for machines that cannot
        download a model.
      </p>
      <TextField
        label="Model"
        value={draft.model}
        list="local-model-suggestions"
        maxLength={200}
        onChange={(model) => onChange({ ...draft, model })}
      />
      <datalist id="local-model-suggestions">
        <Options items={LOCAL_MODELS} value={(m) => m.id} label={(m) => m.label} />
      </datalist>
      {info && <p className="hint">{info.note}</p>}
      <label>
        Quantization
        <Choice
          value={draft.dtype}
          options={LOCAL_DTYPES}
          labels={LOCAL_DTYPE_LABELS}
          onChange={(dtype) => onChange({ ...draft, dtype })}
        />
      </label>
      <label>
        Maximum new tokens
        <input
          inputMode="numeric"
          value={draft.maxNewTokens}
          onChange={(e) => onChange({ ...draft, maxNewTokens: e.target.value })}
        />
      </label>
      <TextField
        label="Model host"
        value={draft.baseURL}
        maxLength={2048}
        placeholder="Empty: the Hugging Face Hub. Or a URL, or a path served by this app"
        onChange={(baseURL) => onChange({ ...draft, baseURL })}
      />
      <div className="local-cache" aria-live="polite">
        {servedByApp ? (
          <p className="hint">
            Served by this app from {draft.baseURL.trim()}: nothing is stored in this browser&apos;s
            model cache.
          </p>
        ) : cached === undefined || cached === 'checking' ? (
          <p className="hint">Checking this browser&apos;s cache…</p>
        ) : 'error' in cached ? (
          <p className="hint">This browser&apos;s cache could not be read: {cached.error}</p>
        ) : cached.files > 0 ? (
          <p className="hint">
            Downloaded in this browser: <strong>{formatBytes(cached.bytes)}</strong> ({cached.files}{' '}
            file{cached.files === 1 ? '' : 's'}).{' '}
            <button
              type="button"
              disabled={removing}
              onClick={() => {
                setRemoving(true);
                void removeDownloadedModel(draft.model, draft.baseURL).finally(() =>
                  setRemoving(false),
                );
              }}
            >
              Remove downloaded model
            </button>
          </p>
        ) : (
          <p className="hint">Not downloaded in this browser yet.</p>
        )}
        {removed && (
          <p role="status" className="hint">
            {removed}
          </p>
        )}
      </div>
    </>
  );
}
