import type { Page } from '@playwright/test';
import type { RecordedRequest, ScriptedTurn } from './fake-servers/common';
import { test, expect, openApp, sendMessage, configureProvider, expectEditor } from './fixtures';

const isSummaryRequest = (req: RecordedRequest) =>
  String(req.body.messages?.[0]?.content ?? '').includes(
    'You condense the working memory of an AI agent',
  );

type Msg = { role: string; content?: string | null; tool_calls?: { function: { name: string } }[] };
const messagesOf = (req: RecordedRequest) => req.body.messages as Msg[];
const lastToolResult = (req: RecordedRequest) =>
  [...messagesOf(req)].reverse().find((m) => m.role === 'tool')?.content ?? '';

async function useOpenAI(
  page: Page,
  url: string,
  options: { stress?: boolean; contextWindow?: string } = {},
) {
  await openApp(page);
  await configureProvider(page, {
    provider: 'OpenAI-compatible',
    baseURL: url,
    apiKey: 'sk-compaction',
    model: 'gpt-4o-mini',
  });
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  if (options.contextWindow)
    await dialog.getByLabel('Context window', { exact: true }).fill(options.contextWindow);
  if (options.stress) await dialog.getByLabel('Compaction preset').selectOption('stress');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

const longAnswer = (k: number) =>
  `Step ${k} of the release plan. ` +
  Array.from(
    { length: 40 },
    (_, i) => `Checklist item ${k}.${i}: verify the forecast output and the changelog entry.`,
  ).join(' ');

test('needle recovery: a fact summarized away is found again in /conversation_history with grep', async ({
  page,
  openai,
}) => {
  const summaries: RecordedRequest[] = [];
  let step = 0;
  openai.setDefault((req) => {
    if (isSummaryRequest(req)) {
      summaries.push(req);
      return {
        text: [
          '## SESSION INTENT',
          'Plan the weather-cli release with the user.',
          '## SUMMARY',
          'The user shared personal details early on and we worked through release steps.',
          '## ARTIFACTS',
          'None.',
          '## NEXT STEPS',
          'Continue the release checklist, then tag version 1.0.',
        ].join('\n'),
      };
    }
    const lastUser = [...messagesOf(req)].reverse().find((m) => m.role === 'user')?.content ?? '';
    if (String(lastUser).includes('What is my locker code')) {
      const last = messagesOf(req).at(-1)!;
      if (last.role === 'tool') {
        const found = /7341-ZEBRA/.exec(lastToolResult(req));
        return {
          text: found
            ? `Your locker code is ${found[0]} (from the saved history).`
            : 'I could not find it.',
        };
      }
      return {
        toolCalls: [
          {
            name: 'grep',
            arguments: {
              pattern: 'locker code',
              path: '/conversation_history/',
              output_mode: 'content',
            },
          },
        ],
      };
    }
    step += 1;
    return { text: longAnswer(step) };
  });

  await useOpenAI(page, openai.url, { stress: true, contextWindow: '16000' });
  await sendMessage(
    page,
    'Remember for later: my locker code is 7341-ZEBRA. Now help me plan the weather-cli release.',
  );
  const conversation = page.getByRole('region', { name: 'Conversation' });
  for (let k = 1; k <= 6; k++) {
    await expect(conversation.getByRole('article', { name: 'Assistant' }).last()).toContainText(
      `Step ${k} of the release plan`,
    );
    if (k < 6) await sendMessage(page, `next step ${k}`);
  }
  expect(summaries.length).toBeGreaterThan(0);

  // The thread still shows every message, with a divider where the summary took over.
  await expect(conversation.getByRole('article', { name: 'User' }).first()).toContainText(
    '7341-ZEBRA',
  );
  await expect(
    conversation.getByRole('separator', { name: 'Summary took over here' }).first(),
  ).toBeVisible();
  const tokens = page.getByRole('region', { name: 'Token usage' });
  await expect(tokens.getByRole('list', { name: 'Context events' })).toContainText(
    'Conversation summarized',
  );

  // Goal preservation: the next request carries the intent and next steps, not the old messages.
  await sendMessage(page, 'What is my locker code?');
  await expect(conversation.getByRole('article', { name: 'Assistant' }).last()).toContainText(
    'Your locker code is 7341-ZEBRA',
  );
  const asked = openai.requests.filter((r) => !isSummaryRequest(r)).at(-2)!;
  const sent = JSON.stringify(messagesOf(asked));
  expect(sent).not.toContain('7341-ZEBRA');
  expect(sent).toContain('SESSION INTENT');
  expect(sent).toContain('NEXT STEPS');
  expect(sent).toContain('/conversation_history/session_');
  // The grep result the model used came from the history file.
  const final = openai.requests.filter((r) => !isSummaryRequest(r)).at(-1)!;
  expect(lastToolResult(final)).toContain('/conversation_history/session_');
  expect(lastToolResult(final)).toContain('7341-ZEBRA');

  const files = page.getByRole('region', { name: 'Files' });
  await expect(
    files.getByRole('button', { name: /^\/conversation_history\/session_/ }),
  ).toBeVisible();
});

test('offload: a huge execute result becomes a file plus a preview, and reading it back in slices works', async ({
  page,
  openai,
}) => {
  const code =
    "for (let i = 0; i < 2500; i++) console.log('row ' + i + ': ' + 'measurement '.repeat(4));";
  let offloadPath = '';
  openai.enqueue(
    { toolCalls: [{ id: 'call_big_1', name: 'execute', arguments: { code } }] },
    (req): ScriptedTurn => {
      const result = lastToolResult(req);
      offloadPath = /saved to (\/large_tool_results\/\S+?)\./.exec(result)?.[1] ?? '';
      return {
        toolCalls: [
          { name: 'read_file', arguments: { file_path: offloadPath, offset: 2000, limit: 3 } },
        ],
      };
    },
    (req): ScriptedTurn => ({ text: `Slice read: ${lastToolResult(req).split('\n')[0]}` }),
  );
  await useOpenAI(page, openai.url);
  await sendMessage(page, 'run the measurement script');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('article', { name: 'Assistant' }).last()).toContainText(
    'Slice read:',
  );
  // Line 2001 of the file (offset 2000): a slice from the middle, read back through read_file.
  await expect(conversation.getByRole('article', { name: 'Assistant' }).last()).toContainText(
    /2001\s+row \d+: measurement/,
  );

  // What the model saw instead of the huge output: the path, how to read it, and the first lines.
  const offloaded = lastToolResult(openai.requests[1]!);
  expect(offloadPath).toBe('/large_tool_results/call_big_1');
  expect(offloaded).toContain('read_file');
  expect(offloaded).toContain('row 0: measurement');
  expect(offloaded).toContain('row 9: measurement');
  expect(offloaded).not.toContain('row 10: measurement');
  expect(offloaded.length).toBeLessThan(3000);

  // The event opens the file in the editor.
  const tokens = page.getByRole('region', { name: 'Token usage' });
  await tokens.getByRole('button', { name: /Large tool result offloaded/ }).click();
  const editor = page.getByRole('region', { name: 'Editor' });
  await expectEditor(editor).toContainText('/large_tool_results/call_big_1');
  await expectEditor(editor).toContainText('row 0: measurement');
});

test('execute code that loops forever is stopped with a clear tool error', async ({
  page,
  openai,
}) => {
  openai.enqueue(
    { toolCalls: [{ name: 'execute', arguments: { code: 'while (true) {}', timeout_ms: 1000 } }] },
    (req): ScriptedTurn => ({ text: `Tool said: ${lastToolResult(req)}` }),
  );
  await useOpenAI(page, openai.url);
  await sendMessage(page, 'run a loop');
  const answer = page
    .getByRole('region', { name: 'Conversation' })
    .getByRole('article', { name: 'Assistant' })
    .last();
  await expect(answer).toContainText('Tool said: Error');
  await expect(answer).toContainText(/time|limit/i);
});

test('the Context inspector shows the next request by section and copies it as JSON', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(test.info().project.use.baseURL!).origin,
  });
  await openApp(page);
  await sendMessage(page, 'what are my preferences?');
  await expect(page.getByRole('article', { name: 'Assistant' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await page.getByRole('tab', { name: 'Context' }).click();
  const inspector = page.getByRole('region', { name: 'Context' });
  const sections = inspector.getByRole('list', { name: 'Request sections' });
  await expect(sections).toContainText('System prompt');
  await expect(sections).toContainText('AGENTS.md memory');
  await expect(sections).toContainText('#1 User');
  await expect(sections).toContainText('Tool schemas');
  await expect(sections).toContainText('tokens');
  await inspector.getByRole('button', { name: 'Copy as JSON' }).click();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.system).toContain('<agent_memory>');
  expect(copied.messages[0].content).toBe('what are my preferences?');
  expect(copied.tools.map((t: { name: string }) => t.name)).toContain('execute');
});

test('compaction thresholds out of range are refused with the valid range', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Compaction trigger (fraction of the window)').fill('1.5');
  await dialog.getByLabel('Offload tool results over (tokens)').fill('12.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const problems = dialog.getByRole('alert');
  await expect(problems).toContainText(
    'Compaction trigger (fraction of the window) must be a number from 0.05 to 0.99.',
  );
  await expect(problems).toContainText(
    'Offload tool results over (tokens) must be a whole number from 100 to 1,000,000.',
  );
});
