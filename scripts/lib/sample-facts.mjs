// The facts the UI measurements fill memory.json with (measure-facts-panel.mjs, ui-scenarios.ts):
// sentences long enough to wrap in the panel like real facts, all five categories.

export function sampleFacts(count) {
  return Array.from({ length: count }, (_, i) => ({
    id: `fact_${i}`,
    content: `Fact number ${i}: the person ${['prefers', 'works on', 'plans', 'knows'][i % 4]} item ${(i * 37) % 1000}, a sentence long enough to wrap in the panel like a real fact does`,
    category: ['preference', 'knowledge', 'context', 'behavior', 'goal'][i % 5],
    confidence: 0.7 + (i % 300) / 1000,
    createdAt: '2026-01-01T00:00:00Z',
    source: 'manual',
  }));
}
