import { describe, expect, it } from 'vitest';
import { findSecrets, redactSecrets, secretPreview } from './secrets';

// Made-up values in each published shape.
const SAMPLES: [string, string][] = [
  ['Anthropic API key', `sk-ant-api03-${'a1B2'.repeat(10)}`],
  ['OpenAI project key', `sk-proj-${'Xy9_'.repeat(8)}`],
  ['OpenAI-style API key', `sk-${'Q7w'.repeat(12)}`],
  ['GitHub token', `ghp_${'A1b2C3'.repeat(6)}`],
  ['GitHub token', `gho_${'Z9y8X7'.repeat(6)}`],
  ['GitHub token', `github_pat_11ABCDEFG0${'x'.repeat(40)}`],
  ['Slack token', 'xoxb-1234567890-0987654321-AbCdEfGhIjKl'],
  ['Slack token', 'xoxp-1234567890-0987654321-AbCdEfGhIjKl'],
  ['AWS access key id', 'AKIAIOSFODNN7EXAMPLE'],
  ['Google API key', 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6q'],
  ['GitLab token', 'glpat-xYz123AbC456dEf789gH'],
  ['Hugging Face token', `hf_${'aBcDeFgHiJ'.repeat(3)}x`],
  [
    'private key',
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n-----END OPENSSH PRIVATE KEY-----',
  ],
  [
    'JWT',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  ],
];

describe('secrets', () => {
  it.each(SAMPLES)('finds a %s by its prefix, inside text', (kind, secret) => {
    const text = `before ${secret} after`;
    expect(findSecrets(text)).toEqual([{ kind, start: 7, end: 7 + secret.length }]);
    expect(redactSecrets(text)).toBe(`before [${kind} removed] after`);
  });

  it('leaves words that merely contain a prefix alone', () => {
    expect(
      findSecrets('task-runner, desk-lamp-holder-with-many-parts, AKIA short, hf_small'),
    ).toEqual([]);
  });

  it('a preview never shows the whole secret', () => {
    const secret = SAMPLES[0]![1];
    const preview = secretPreview(secret);
    expect(preview).toBe(`sk-ant-a… (${secret.length} characters)`);
    expect(preview).not.toContain(secret.slice(8, 16));
  });
});
