// The command line of measure:ui (see scripts/measure-ui.ts for what each option does).

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const argv = process.argv.slice(2);
const option = (name: string, fallback?: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : fallback;
};
export const flag = (name: string) => argv.includes(`--${name}`);
export const runs = Number(option('runs', '3'));
export const dist = option('dist', 'dist')!;
export const port = Number(option('port', '4173'));
export const only = option('only')?.split(',');
export const trace = flag('trace');
export const profileAt = option('profile')?.split(','); // "thread:send,facts:open"
export const shotsDir = option('screenshots');
export const jsonOut = option('json');
export const locomoFile = resolve(
  option('locomo') ??
    ['/work/shared/data/locomo', '../shared/data/locomo']
      .map((dir) => join(dir, '26.json'))
      .find((file) => existsSync(file)) ??
    '',
);
