import { describe, expect, it } from 'vitest';
import {
  COMPACTION_PRESETS,
  STRESS_CONTEXT_WINDOW,
  STRESS_THREAD_NOTICE,
  THREAD_PRESET_KEY,
} from './compaction/settings';
import { DEFAULT_SETTINGS, parseSettings, settingsForThread } from './settings';

describe('settings', () => {
  it('accepts the defaults', () => {
    expect(parseSettings(DEFAULT_SETTINGS)).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
  });

  it('fills sections added later when reading settings saved before them', () => {
    const { compaction: _c, facts: _f, ...old } = DEFAULT_SETTINGS;
    const parsed = parseSettings(old);
    expect(parsed.ok && parsed.settings.compaction).toEqual(COMPACTION_PRESETS.default);
    expect(parsed.ok && parsed.settings.facts.similarityWeight).toBe(0.6);
  });

  it('refuses out-of-range values and names the field', () => {
    const parsed = parseSettings({
      ...DEFAULT_SETTINGS,
      contextWindow: 10,
      compaction: { ...DEFAULT_SETTINGS.compaction, triggerFraction: 1.5 },
    });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.problems.some((p) => p.startsWith('contextWindow:'))).toBe(true);
      expect(parsed.problems.some((p) => p.startsWith('compaction.triggerFraction:'))).toBe(true);
    }
  });

  it('refuses an unknown provider', () => {
    expect(parseSettings({ ...DEFAULT_SETTINGS, provider: 'gemini' }).ok).toBe(false);
  });
});

describe('a thread on the Stress preset', () => {
  it('runs with the Stress thresholds and window; other threads keep the settings', () => {
    const stressed = settingsForThread(DEFAULT_SETTINGS, { [THREAD_PRESET_KEY]: 'stress' });
    expect(stressed.compaction).toEqual(COMPACTION_PRESETS.stress);
    expect(stressed.contextWindow).toBe(STRESS_CONTEXT_WINDOW);
    expect(settingsForThread(DEFAULT_SETTINGS, {})).toBe(DEFAULT_SETTINGS);
    expect(settingsForThread(DEFAULT_SETTINGS, { [THREAD_PRESET_KEY]: 'other' })).toBe(
      DEFAULT_SETTINGS,
    );
    expect(STRESS_THREAD_NOTICE).toContain(
      'This thread uses the Stress preset: compaction triggers at 15% of a 32,000-token window (4,800 tokens)',
    );
  });
});

describe('Maximum facts', () => {
  const withMax = (maxFacts: unknown) => ({
    ...DEFAULT_SETTINGS,
    facts: { ...DEFAULT_SETTINGS.facts, maxFacts },
  });
  it('defaults to DeerFlow’s 100 and accepts 1..1,000', () => {
    expect(DEFAULT_SETTINGS.facts.maxFacts).toBe(100);
    for (const ok of [1, 100, 1_000]) {
      const parsed = parseSettings(withMax(ok));
      expect(parsed.ok && parsed.settings.facts.maxFacts).toBe(ok);
    }
    for (const bad of [0, -1, 2.5, '100', null]) expect(parseSettings(withMax(bad)).ok).toBe(false);
  });
  it('reads a value saved under the old ceiling (10,000) as 1,000, keeping the other settings', () => {
    const parsed = parseSettings({ ...withMax(5_000), refreshMemoryAfterEdits: false });
    expect(parsed.ok && parsed.settings.facts.maxFacts).toBe(1_000);
    expect(parsed.ok && parsed.settings.refreshMemoryAfterEdits).toBe(false);
  });
});
