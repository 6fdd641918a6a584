// Writes a large Claude Code session JSONL, to measure Import session on big files (issue 32: up to
// 100 MB). Each round is a user turn, a reply with a Read tool call, its result (LINES lines of
// code) and a text reply, chained by parentUuid.
//
//   node scripts/make-big-session.mjs <out.jsonl> [MB=95] [LINES=400]
//
// LINES=400 gives ~7 kB tool results (about 15,000 messages in 95 MB, like a real session);
// LINES=40 gives 100,000+ short messages (the message bound, 100,000, is reached and said).

import { createWriteStream } from 'node:fs';

const [file, mb = '95', lines = '400'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/make-big-session.mjs <out.jsonl> [MB] [LINES]');
  process.exit(1);
}
const target = Number(mb) * 1024 * 1024;
const out = createWriteStream(file);
let bytes = 0;
let n = 0;
let parent = null;
let time = Date.parse('2026-10-03T08:00:00Z');
const code = Array.from(
  { length: Number(lines) },
  (_, i) => `line ${i}: const value${i} = compute(${i}, "${'x'.repeat(20)}");`,
).join('\n');

function write(type, message) {
  const record = {
    parentUuid: parent,
    isSidechain: false,
    type,
    uuid: `u${++n}`,
    timestamp: new Date((time += 1000)).toISOString(),
    sessionId: 'big-session',
    cwd: '/project',
    message,
  };
  const line = `${JSON.stringify(record)}\n`;
  bytes += line.length;
  out.write(line);
  parent = record.uuid;
}

while (bytes < target) {
  write('user', {
    role: 'user',
    content: `Please look at file ${n} and fix the bug near line ${n % 300}.`,
  });
  const call = `toolu_${n}`;
  write('assistant', {
    id: `msg_${n}`,
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [
      { type: 'tool_use', id: call, name: 'Read', input: { file_path: `/project/src/f${n}.ts` } },
    ],
    usage: { input_tokens: 10, output_tokens: 40, cache_read_input_tokens: 20000 },
  });
  write('user', {
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: call, content: code }],
  });
  write('assistant', {
    id: `msg_${n}`,
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [{ type: 'text', text: `The bug is in f${n}.ts: the loop bound is off by one.` }],
    usage: { input_tokens: 12, output_tokens: 80 },
  });
}
out.end(() => console.log(`${file}: ${(bytes / 1024 / 1024).toFixed(1)} MB, ${n} records`));
