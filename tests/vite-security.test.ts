// The Content-Security-Policy headers and the execute sandbox page agree with each other.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  appPolicy,
  inlineScriptHashes,
  metaPolicy,
  sandboxPolicy,
  SANDBOX_PATH,
} from '../scripts/vite-security';

const sandboxHtml = readFileSync(new URL(`../public${SANDBOX_PATH}`, import.meta.url), 'utf8');
const indexHtml = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('execute sandbox page', () => {
  it('allows exactly its own inline script, by hash (edit the script: put the new hash here)', () => {
    const hashes = inlineScriptHashes(sandboxHtml);
    expect(hashes).toHaveLength(1);
    expect(directive(metaPolicy(sandboxHtml), 'script-src')).toBe(
      `script-src ${hashes[0]} 'unsafe-eval'`,
    );
  });

  it('has no network and no other source', () => {
    const policy = sandboxPolicy();
    expect(directive(policy, 'default-src')).toBe("default-src 'none'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'none'");
    expect(directive(policy, 'worker-src')).toBe('worker-src blob:');
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    // No host, scheme or 'self' anywhere but in frame-ancestors.
    expect(policy.replace("frame-ancestors 'self'", '')).not.toMatch(/https?:|'self'|\*/);
  });
});

describe('app policy header', () => {
  it('is the meta tag of index.html plus frame-ancestors none', () => {
    expect(appPolicy()).toBe(`${metaPolicy(indexHtml)}; frame-ancestors 'none'`);
    expect(directive(appPolicy(), 'object-src')).toBe("object-src 'none'");
  });
});
