// Token counting speed: our counter (src/core/tokens/bpe/ over js-tiktoken's rank tables)
// against js-tiktoken's encode, gpt-tokenizer's countTokens (its merge cache on, the default) and
// tiktoken's WASM build (encode_ordinary), on prose, code and CJK text, for o200k_base and
// cl100k_base. All peers run interleaved in one process, each repetition in a rotated order.
// Prints counts (they must match; a mismatch is printed as such and the exit code is 1) and, per
// case, `ratio vs <peer> on <case>: <number>` = peer time / our time (medians). Asserts nothing else.
//
//   npm run bench:tokens             (node scripts/run-ts.mjs scripts/bench-tokens.ts)
//   npm run bench:tokens -- --quick  (fewer repetitions, o200k_base only)
//
// Cold: the tokenizer's caches are emptied before the count (ours: clearCache(); gpt-tokenizer:
// clearMergeCache(); js-tiktoken and tiktoken have no cache), rank tables already loaded (their load
// time is printed separately). Warm: the same text counted again right after, caches as the cold
// count left them. Our TokenCounter's whole-text cache is not used: this measures the tokenizer.
//
// Corpora (built at run time, nothing shipped):
// - prose: the README.md files of the installed packages in node_modules (sorted by path,
//   concatenated up to 1,000,000 characters); each is under its package's licence (mostly MIT),
//   read locally and never redistributed;
// - code: this repository's own src/**/*.ts(x) files (sorted by path, up to 200,000 characters);
// - CJK: 100 kB of generated Chinese and Japanese sentences (a seeded random choice of common words
//   listed below, written for this benchmark, same licence as the repository);
// - CJK random: 100 kB of ideographs drawn uniformly from U+4E00-U+9FA5 with a full stop about every
//   20 characters (seeded): no word and hardly a character repeats, the worst case for every
//   cache (real text repeats a few thousand characters);
// - run: 10,000 'x' without spaces (the pathological case; js-tiktoken is left out there: it takes
//   about 22 s).

import { performance } from 'node:perf_hooks';
import { cpus } from 'node:os';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Tiktoken } from 'js-tiktoken/lite';
import gptO200k from 'gpt-tokenizer/encoding/o200k_base';
import gptCl100k from 'gpt-tokenizer/encoding/cl100k_base';
import { get_encoding } from 'tiktoken';
import { createBpeTokenizer, loadRanks, type EncodingName } from '../src/core/tokens/counter';

const QUICK = process.argv.includes('--quick');
const RUNS = QUICK ? 3 : 7;
const ENCODINGS: EncodingName[] = QUICK ? ['o200k_base'] : ['o200k_base', 'cl100k_base'];

// ---- corpora ----

function listFiles(dir: string, accept: (path: string) => boolean, depth: number): string[] {
  const out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    let stat;
    try {
      stat = statSync(path);
    } catch {
      continue;
    }
    if (stat.isDirectory()) {
      if (depth > 0 && name !== '.cache' && name !== '.bin')
        out.push(...listFiles(path, accept, depth - 1));
    } else if (accept(path)) out.push(path);
  }
  return out;
}

function concatUpTo(paths: string[], limit: number): string {
  let text = '';
  for (const path of paths) {
    if (text.length >= limit) break;
    text += readFileSync(path, 'utf8') + '\n';
  }
  return text.slice(0, limit);
}

function proseCorpus(): string {
  // node_modules/<pkg>/README.md and node_modules/@scope/<pkg>/README.md
  const readmes = listFiles(
    'node_modules',
    (path) => /^node_modules\/(?:@[^/]+\/)?[^/@]+\/readme\.md$/i.test(path),
    2,
  );
  return concatUpTo(readmes, 1_000_000);
}

function codeCorpus(): string {
  return concatUpTo(
    listFiles('src', (path) => /\.tsx?$/.test(path), 8),
    200_000,
  );
}

// Common words, written for this benchmark. Chinese and Japanese sentences alternate.
const ZH =
  '我们 今天 项目 设计 文档 记忆 上下文 模型 工具 文件 用户 问题 需要 可以 已经 因为 所以 但是 如果 这个 那个 一个 没有 时间 系统 数据 结果 方法 测试 性能 缓存 计算 摘要 历史 对话 消息 令牌 窗口 压缩 保存 读取 写入 搜索 排序 页面 界面 浏览器 服务器 请求 回答 问题 分析 报告 计划 预算 旅行 会议 团队 工程师 代码 函数 变量 模块 接口 配置 更新 版本 发布 错误 修复 检查 运行 完成 开始 继续 重要 简单 复杂 快速 慢 大 小 新 旧 好 的 了 在 是 和 有 也 都 就 不 很 还 要 会 能 说 看 做 用 到 把 被 让 给 对 从 向 为 与'.split(
    ' ',
  );
const JA =
  '私 たち 今日 プロジェクト 設計 文書 記憶 文脈 モデル ツール ファイル ユーザー 問題 必要 できる すでに なぜなら だから しかし もし この その ひとつ ない 時間 システム データ 結果 方法 テスト 性能 キャッシュ 計算 要約 履歴 会話 メッセージ トークン ウィンドウ 圧縮 保存 読み込み 書き込み 検索 並べ替え ページ 画面 ブラウザ サーバー 要求 回答 分析 報告 計画 予算 旅行 会議 チーム エンジニア コード 関数 変数 モジュール 設定 更新 版 公開 誤り 修正 確認 実行 完了 開始 継続 重要 簡単 複雑 速い 遅い 大きい 小さい 新しい 古い は が を に で と も の へ から まで です ます した する して いる ある なる'.split(
    ' ',
  );

function cjkCorpus(bytes: number): string {
  let seed = 12;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list: string[]) => list[Math.floor(random() * list.length)] ?? '';
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let size = 0;
  let sentence = 0;
  while (size < bytes) {
    const words = sentence % 2 === 0 ? ZH : JA;
    const length = 4 + Math.floor(random() * 14);
    let text = '';
    for (let i = 0; i < length; i++) {
      text += pick(words);
      if (i > 0 && i < length - 1 && random() < 0.12) text += sentence % 2 === 0 ? '，' : '、';
    }
    text += random() < 0.85 ? '。' : random() < 0.5 ? '！' : '？';
    if (random() < 0.15) text += '\n';
    parts.push(text);
    size += encoder.encode(text).length;
    sentence++;
  }
  return parts.join('');
}

function cjkRandomCorpus(bytes: number): string {
  let seed = 7;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  let text = '';
  // Every ideograph here is 3 bytes in UTF-8.
  while (text.length * 3 < bytes) {
    text += String.fromCharCode(0x4e00 + Math.floor(random() * 0x51a6));
    if (random() < 0.05) text += '。';
  }
  return text;
}

// ---- measuring ----

interface Peer {
  name: string;
  count(text: string): number;
  /** Empties the peer's caches (for the cold count). */
  clear(): void;
}

const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const corpora: { name: string; text: string; skip?: string[] }[] = [
  { name: 'prose', text: proseCorpus() },
  { name: 'code', text: codeCorpus() },
  { name: 'CJK', text: cjkCorpus(100_000) },
  { name: 'CJK random', text: cjkRandomCorpus(100_000) },
  { name: 'run', text: 'x'.repeat(10_000), skip: ['js-tiktoken'] },
];

console.log(
  `Token counting (${cpus().length} CPU cores, Node ${process.version}; median of ${RUNS} interleaved runs; ratio = peer time / ours)`,
);
for (const corpus of corpora)
  console.log(
    `  ${corpus.name}: ${corpus.text.length.toLocaleString('en-US')} characters, ${new TextEncoder().encode(corpus.text).length.toLocaleString('en-US')} bytes`,
  );
console.log('');

let mismatches = 0;
for (const encoding of ENCODINGS) {
  let start = performance.now();
  const ranks = await loadRanks(encoding);
  const importMs = performance.now() - start;
  start = performance.now();
  const ours = createBpeTokenizer(ranks);
  const oursLoad = performance.now() - start;
  start = performance.now();
  const jsTiktoken = new Tiktoken(ranks);
  const jsLoad = performance.now() - start;
  start = performance.now();
  const wasm = get_encoding(encoding);
  const wasmLoad = performance.now() - start;
  const gpt = encoding === 'o200k_base' ? gptO200k : gptCl100k;
  start = performance.now();
  gpt.countTokens('warm up the lazy parts');
  const gptLoad = performance.now() - start;

  console.log(
    `${encoding}: rank tables imported in ${importMs.toFixed(0)} ms (js-tiktoken's module, shared); ` +
      `built: ours ${oursLoad.toFixed(0)} ms, js-tiktoken ${jsLoad.toFixed(0)} ms, ` +
      `tiktoken WASM ${wasmLoad.toFixed(0)} ms, gpt-tokenizer first call ${gptLoad.toFixed(0)} ms (its module import not timed)`,
  );

  const peers: Peer[] = [
    { name: 'ours', count: (text) => ours.countTokens(text), clear: () => ours.clearCache?.() },
    {
      name: 'gpt-tokenizer',
      count: (text) => gpt.countTokens(text, { disallowedSpecial: new Set() }),
      clear: () => gpt.clearMergeCache(),
    },
    {
      name: 'tiktoken',
      count: (text) => wasm.encode_ordinary(text).length,
      clear: () => {},
    },
    {
      name: 'js-tiktoken',
      count: (text) => jsTiktoken.encode(text, [], []).length,
      clear: () => {},
    },
  ];

  for (const corpus of corpora) {
    const active = peers.filter((peer) => !corpus.skip?.includes(peer.name));
    const times = new Map(
      active.map((peer) => [peer.name, { cold: [] as number[], warm: [] as number[] }]),
    );
    const counts = new Map<string, number>();
    for (let run = 0; run < RUNS; run++) {
      for (let k = 0; k < active.length; k++) {
        const peer = active[(run + k) % active.length] as Peer;
        const record = times.get(peer.name)!;
        peer.clear();
        let t = performance.now();
        const cold = peer.count(corpus.text);
        record.cold.push(performance.now() - t);
        t = performance.now();
        const warm = peer.count(corpus.text);
        record.warm.push(performance.now() - t);
        if (cold !== warm) throw new Error(`${peer.name} counted ${cold} then ${warm}`);
        counts.set(peer.name, cold);
      }
    }
    const oursCount = counts.get('ours');
    const countLine = active.map((peer) => `${peer.name} ${counts.get(peer.name)}`).join(', ');
    const same = active.every((peer) => counts.get(peer.name) === oursCount);
    if (!same) mismatches++;
    console.log(`  ${corpus.name}: tokens ${countLine} — ${same ? 'identical' : 'MISMATCH'}`);
    const oursTimes = times.get('ours')!;
    for (const phase of ['cold', 'warm'] as const) {
      console.log(
        `  ${corpus.name} ${phase}: ` +
          active
            .map((peer) => `${peer.name} ${median(times.get(peer.name)![phase]).toFixed(2)} ms`)
            .join(', '),
      );
    }
    for (const peer of active) {
      if (peer.name === 'ours') continue;
      for (const phase of ['cold', 'warm'] as const) {
        const ratio = median(times.get(peer.name)![phase]) / median(oursTimes[phase]);
        console.log(
          `ratio vs ${peer.name} on ${corpus.name} ${encoding} ${phase}: ${ratio.toFixed(2)}`,
        );
      }
    }
  }
  wasm.free();
  console.log('');
}

if (mismatches > 0) {
  console.log(`${mismatches} case(s) with different counts`);
  process.exitCode = 1;
}
