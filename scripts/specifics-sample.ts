// Specifics extraction, measured: runs extractSpecifics over the LoCoMo conversations and the four
// built-in arena scenarios, prints counts per kind and random samples per kind (to judge precision
// by reading them), then times extraction over 200,000 characters and over adversarial inputs.
//   node scripts/run-ts.mjs scripts/specifics-sample.ts [--data <dir of LoCoMo json files>] [--samples 20] [--seed 1]
// Without --data it looks in ../shared/data/locomo and ../../shared/data/locomo (a worktree).

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { transcriptFromLocomo } from '../src/core/arena/parse-locomo';
import { SCENARIOS } from '../src/core/arena/scenarios';
import type { Transcript } from '../src/core/arena/transcript';
import {
  SPECIFIC_KINDS,
  classifySpecifics,
  collectSpecifics,
  extractSpecifics,
  intentSurvival,
  type Specific,
  type TextPart,
} from '../src/core/recorder';

const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const dataDir = resolve(
  argument('data') ??
    ['../shared/data/locomo', '../../shared/data/locomo'].find((d) => existsSync(d)) ??
    '../shared/data/locomo',
);
const samplesPerKind = Number(argument('samples') ?? 20);
let seed = Number(argument('seed') ?? 1);

// A small deterministic generator (mulberry32), so the samples are the same on every run.
const random = (): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const sample = <T>(items: readonly T[], n: number): T[] => {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
};

function partsOf(transcript: Transcript): TextPart[] {
  return transcript.messages.flatMap((m) => {
    const parts: TextPart[] = [{ text: m.content, origin: { id: m.id, role: m.role } }];
    if (m.role === 'assistant')
      for (const call of m.toolCalls ?? [])
        parts.push({ text: call.arguments, origin: { id: call.id, role: 'tool call' } });
    return parts;
  });
}

function context(text: string, s: Specific): string {
  const from = Math.max(0, s.origin.start - 30);
  const to = Math.min(text.length, s.origin.end + 30);
  return `${text.slice(from, s.origin.start)}[${text.slice(s.origin.start, s.origin.end)}]${text.slice(s.origin.end, to)}`.replace(
    /\s+/g,
    ' ',
  );
}

function report(title: string, transcripts: Transcript[]): void {
  const texts = new Map<string, string>();
  const all: Specific[] = [];
  let chars = 0;
  for (const t of transcripts) {
    const parts = partsOf(t);
    for (const p of parts) texts.set(`${t.id}|${p.origin?.id}`, p.text);
    chars += parts.reduce((n, p) => n + p.text.length, 0);
    // Per transcript, so origins name the transcript's messages.
    all.push(
      ...collectSpecifics(parts).specifics.map((s) => ({
        ...s,
        origin: { ...s.origin, label: t.id },
      })),
    );
  }
  console.log(
    `\n=== ${title}: ${transcripts.length} transcripts, ${chars.toLocaleString('en')} characters, ${all.length} distinct specifics ===`,
  );
  const counts = SPECIFIC_KINDS.map((k) => `${k} ${all.filter((s) => s.kind === k).length}`);
  console.log(`per kind: ${counts.join(', ')}`);
  for (const kind of SPECIFIC_KINDS) {
    const ofKind = all.filter((s) => s.kind === kind);
    if (ofKind.length === 0) continue;
    const subtypes = new Map<string, number>();
    for (const s of ofKind) subtypes.set(s.subtype, (subtypes.get(s.subtype) ?? 0) + 1);
    console.log(
      `\n-- ${kind} (${ofKind.length}; ${[...subtypes].map(([k, n]) => `${k} ${n}`).join(', ')})`,
    );
    for (const s of sample(ofKind, samplesPerKind)) {
      const text = texts.get(`${s.origin.label}|${s.origin.id}`) ?? '';
      console.log(
        `  ${JSON.stringify(s.normalized).padEnd(36)} ${s.origin.id}  …${context(text, s)}…`,
      );
    }
  }
}

// ---- LoCoMo and the scenarios -----------------------------------------------------------------

let locomo: Transcript[] = [];
try {
  locomo = readdirSync(dataDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => transcriptFromLocomo(readFileSync(join(dataDir, f), 'utf8'), f));
} catch {
  console.error(
    `No LoCoMo data at ${dataDir} (give --data <dir of LoCoMo json files>); scenarios only.`,
  );
}
if (locomo.length > 0) report('LoCoMo', locomo);
report('Arena scenarios', SCENARIOS);

// ---- speed --------------------------------------------------------------------------------------

// This machine may be shared: wall-clock time then depends on the other processes. The process's
// CPU time (process.cpuUsage: user + system, all of its threads) does not, so it is the figure to
// read; the fastest wall-clock run is printed beside it.
function time(label: string, text: string, runs = 9): void {
  extractSpecifics(text); // warm up
  const cpu: number[] = [];
  const wall: number[] = [];
  let found = 0;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    found = extractSpecifics(text).length;
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  cpu.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(6);
  console.log(
    `${label.padEnd(36)} ${text.length.toLocaleString('en').padStart(9)} chars  CPU median ${f(cpu[Math.floor(runs / 2)]!)} ms  wall fastest ${f(wall[0]!)} ms  (${found} distinct specifics)`,
  );
}

const textOf = (ts: Transcript[]) => ts.flatMap((t) => partsOf(t).map((p) => p.text)).join('\n');
const cut = (s: string, n = 200_000) =>
  s.length >= n ? s.slice(0, n) : s.repeat(Math.ceil(n / s.length)).slice(0, n);
console.log(
  `\n=== Speed: extractSpecifics on 200,000 characters, 9 runs (${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)}) ===`,
);
if (locomo.length > 0) time('LoCoMo chat', cut(textOf(locomo)));
time('arena scenarios (all messages)', cut(textOf(SCENARIOS)));
time(
  'scenario tool results (code, logs)',
  cut(
    SCENARIOS.flatMap((t) =>
      t.messages.filter((m) => m.role === 'tool').map((m) => m.content),
    ).join('\n'),
  ),
);
// Chinese chat written for this measurement: everyday messages with a few specifics each.
const chinese = [
  '你好！周末过得怎么样？我们全家去了杭州，西湖边上人特别多，不过风景真的很美。',
  '我最近在准备一个项目汇报，老板要求下周三之前把报告发给他，压力有点大。',
  '我们下午3点在北京路123号见面吧，记得带上3公斤苹果和5个橙子。',
  '请把/src/app.ts里的超时改成200ms，然后跑一下测试，参考「用户手册」第2章。',
  '这个需求要在2024年3月5日之前完成，预算大概是¥1,299元，超出的话需要重新审批。',
  '孩子今年上小学了，每天早上7点半出门，晚上还要写作业，挺辛苦的。',
  '我在看《三体》，刘慈欣写得太好了，推荐你也看看，第二部尤其精彩。',
  '昨天跑了10公里，用了55分钟，比上个月快了差不多3分钟，感觉状态不错。',
  '服务器的内存只有16GB，日志文件已经占了80%的磁盘空间，需要清理一下。',
  '如果有问题可以发邮件到support@example.com，或者打开https://example.com/help看看常见问题。',
].join('\n');
time('Chinese chat', cut(chinese));
time(
  'Chinese, dense with numbers',
  cut(
    '我们下午3点在北京路123号见面，带上3公斤苹果和5个橙子。请把/src/app.ts里的超时改成200ms，参考「用户手册」第2章。2024年3月5日之前完成，预算¥1,299元。',
  ),
);
time('adversarial: digits', '9'.repeat(200_000));
time('adversarial: digits and dots', '1.'.repeat(100_000));
time('adversarial: slashes', '/'.repeat(200_000));
time('adversarial: path segments', 'a/'.repeat(100_000));
time('adversarial: capitalised words', 'Abc '.repeat(50_000));
time('adversarial: one long word', 'a'.repeat(200_000));
time('adversarial: hex run', 'abc123'.repeat(33_334));
time('adversarial: quotes', '"a'.repeat(100_000));
time('adversarial: CJK without spaces', '中文字符'.repeat(50_000));
time('adversarial: dashes and digits', '1-'.repeat(100_000));
time('adversarial: e-mail-like', 'a.'.repeat(100_000) + '@');
time('adversarial: underscores', 'a_'.repeat(100_000));
time('adversarial: phone-like', '+1 '.repeat(66_667));
time('adversarial: digit groups, spaces', '0 12 '.repeat(40_000));
time('adversarial: dash groups', 'A1-'.repeat(66_667));
time('adversarial: a product, again', 'Node 1.1 '.repeat(22_223));
time('adversarial: numbered words', 'Step 1 '.repeat(28_572));
time('adversarial: packages at versions', 'a@1'.repeat(66_667));
time('adversarial: prompt lines', '\n$ a'.repeat(50_000));

// ---- fate and intent, timed on one LoCoMo conversation ---------------------------------------

const first = locomo[0];
if (first) {
  const messages = first.messages;
  const cutAt = Math.floor(messages.length * 0.8);
  const removedParts = partsOf({ ...first, messages: messages.slice(0, cutAt) });
  const removedText = removedParts.map((p) => p.text).join('\n');
  const kept = messages
    .slice(cutAt)
    .map((m) => m.content)
    .join('\n');
  const history = '/conversation_history/session_1.md';
  const summary = `The complete record is in ${history}.\n<summary>\nSESSION INTENT\nCatching up.\n</summary>`;
  const t0 = performance.now();
  const removed = collectSpecifics(removedParts).specifics;
  const t1 = performance.now();
  const fate = classifySpecifics(removed, {
    newContext: [
      { label: 'Summary', text: summary },
      { label: 'Kept messages', text: kept },
    ],
    readableFiles: [{ path: history, content: removedText }],
  });
  const t2 = performance.now();
  const intent = intentSurvival({ latestUserRequest: messages[cutAt - 1]?.content ?? '', summary });
  const t3 = performance.now();
  const chars = (n: number) => n.toLocaleString('en');
  console.log(
    `\n=== Fate and intent on ${first.id}: ${chars(removedText.length)} characters removed, ${chars(kept.length)} kept ===`,
  );
  console.log(
    `extract ${(t1 - t0).toFixed(1)} ms, classify ${(t2 - t1).toFixed(1)} ms, intent ${(t3 - t2).toFixed(1)} ms`,
  );
  console.log(`${fate.headline}; ${fate.detail}; intent: ${intent.line}`);
}
