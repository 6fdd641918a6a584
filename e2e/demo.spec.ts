import type { Page, TestInfo } from '@playwright/test';
import { test, expect, openApp, sendMessage, expectEditor } from './fixtures';

test('with no key, the Demo provider remembers a preference, shows the diff, and can undo it', async ({
  page,
}) => {
  await openApp(page);
  await expect(page.getByText('scripted stand-in, not a language model')).toBeVisible();

  // The sample workspace is there from the first start.
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByRole('button', { name: '/memories/AGENTS.md' })).toBeVisible();
  await expect(files.getByRole('button', { name: '/AGENTS.md', exact: true })).toBeVisible();

  await sendMessage(page, 'remember that I prefer tabs over spaces');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('article', { name: 'User' })).toContainText(
    'tabs over spaces',
  );
  const toolCall = conversation.getByText('edit_file').first();
  await expect(toolCall).toBeVisible();
  await expect(conversation.getByRole('article', { name: /^Assistant/ }).last()).toContainText(
    '/memories/AGENTS.md',
  );
  await expect(conversation.getByRole('article', { name: /^Assistant/ }).last()).toContainText(
    'not a language model',
  );

  // The chip shows the change as a diff.
  const chip = conversation.getByRole('group', { name: 'Memory updated: /memories/AGENTS.md' });
  await chip.getByRole('button', { name: /Memory updated/ }).click();
  await expect(chip.getByLabel('Diff of /memories/AGENTS.md')).toContainText(
    '+ - User prefers tabs over spaces.',
  );

  // The file itself changed, and the editor shows it.
  await files.getByRole('button', { name: '/memories/AGENTS.md' }).click();
  const editor = page.getByRole('region', { name: 'Editor' });
  await expectEditor(editor).toContainText('User prefers tabs over spaces');

  // The next question is answered from the refreshed memory, citing the line used.
  await sendMessage(page, 'do I prefer tabs or spaces?');
  await expect(conversation.getByRole('article', { name: /^Assistant/ }).last()).toContainText(
    'tabs over spaces',
  );
  await expect(conversation.getByRole('article', { name: /^Assistant/ }).last()).toContainText(
    '/memories/AGENTS.md',
  );

  // Undo restores the earlier content.
  await chip.getByRole('button', { name: 'Undo' }).click();
  await expect(chip.getByRole('button', { name: /Memory edit undone/ })).toBeVisible();
  await expectEditor(editor).not.toContainText('User prefers tabs over spaces');
});

test('threads, files and settings survive a reload, and past threads reopen', async ({ page }) => {
  await openApp(page);
  await sendMessage(page, 'remember that my favourite editor is Helix');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('group', { name: /Memory updated/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  await page.getByRole('button', { name: 'New thread' }).click();
  await expect(conversation.getByRole('article')).toHaveCount(0);
  await sendMessage(page, 'list files');
  await expect(conversation.getByRole('article', { name: /^Tool ls/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Message', { exact: true })).toBeEditable();
  const threads = page.getByRole('navigation', { name: 'Threads' });
  await expect(threads.getByRole('listitem')).toHaveCount(2);
  await threads.getByRole('button', { name: /favourite editor is Helix/ }).click();
  await expect(conversation.getByRole('article', { name: 'User' })).toContainText(
    'favourite editor is Helix',
  );
  await expect(conversation.getByRole('group', { name: /Memory updated/ })).toBeVisible();

  await page
    .getByRole('region', { name: 'Files' })
    .getByRole('button', { name: '/memories/AGENTS.md' })
    .click();
  await expectEditor(page.getByRole('region', { name: 'Editor' })).toContainText(
    "User's favourite editor is Helix",
  );
});

test('the side panels work from the keyboard (arrow keys move between tabs)', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Editor' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Context' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Context' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Context' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('region', { name: 'Strategy' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('region', { name: 'Memory journal' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('region', { name: 'Facts' })).toBeVisible();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Editor' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Editor' })).toBeVisible();
});

/** Waits for the answer to the `count`-th user message (the run is over when Send is back). */
async function answered(page: Page, count: number) {
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('article', { name: 'User' })).toHaveCount(count);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 20_000 });
}

test('the Demo understands ordinary first messages: it greets, saves, lists, recalls and suggests', async ({
  page,
}) => {
  await openApp(page);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  const answer = () => conversation.getByRole('article', { name: 'Assistant' }).last();
  const helpText = 'I understand a few kinds of request';

  // One message: a greeting, two facts and "Please remember that" pointing back at them.
  await sendMessage(
    page,
    'Hi! My name is Dana and I always want answers in bullet points. Please remember that.',
  );
  await answered(page, 1);
  await expect(answer()).toContainText('Hi Dana! Saved to /memories/AGENTS.md:');
  await expect(answer().locator('.markdown').getByRole('listitem')).toHaveText([
    "User's name is Dana.",
    'User wants answers in bullet points.',
  ]);
  await expect(answer()).toContainText('not a language model');
  await expect(conversation.getByRole('article', { name: 'Tool edit_file' })).toBeVisible();
  const chip = conversation.getByRole('group', { name: 'Memory updated: /memories/AGENTS.md' });
  await expect(chip).toContainText('+2 −0');
  await expect(conversation).not.toContainText(helpText);
  // The file changed.
  await page
    .getByRole('region', { name: 'Files' })
    .getByRole('button', { name: '/memories/AGENTS.md' })
    .click();
  const editor = page.getByRole('region', { name: 'Editor' });
  await expectEditor(editor).toContainText("- User's name is Dana.");
  await expectEditor(editor).toContainText('- User wants answers in bullet points.');

  await sendMessage(page, 'List the files in the workspace');
  await answered(page, 2);
  await expect(conversation.getByRole('article', { name: 'Tool ls' })).toBeVisible();
  await expect(answer()).toContainText('The workspace (/) has 2 files and 3 folders:');
  await expect(answer()).toContainText('/notes/ (folder)');
  await expect(answer()).toContainText('/README.md');

  await sendMessage(page, 'Summarize what you know about me');
  await answered(page, 3);
  await expect(answer()).toContainText('Here is what my memory holds about you');
  await expect(answer()).toContainText("User's name is Dana. (line 7)");
  await expect(answer()).toContainText('User wants answers in bullet points. (line 8)');

  await sendMessage(page, "What's my name?");
  await answered(page, 4);
  await expect(answer()).toContainText('Your name is Dana.');
  await expect(answer()).toContainText('Used /memories/AGENTS.md line 7');

  // A bare file name is looked up first, then read.
  await sendMessage(page, 'open todo.md');
  await answered(page, 5);
  await expect(conversation.getByRole('article', { name: 'Tool glob' })).toBeVisible();
  await expect(conversation.getByRole('article', { name: 'Tool read_file' })).toBeVisible();
  await expect(answer()).toContainText('Found /notes/todo.md (4 lines):');
  await expect(answer()).toContainText('Add a --units flag');

  // A request it cannot do: one honest sentence and at most three suggestions, which send.
  await sendMessage(page, 'write me a haiku about memory');
  await answered(page, 6);
  await expect(answer()).toContainText(
    "I can't write a haiku about memory: I'm a fixed script, not a language model.",
  );
  await expect(conversation).not.toContainText(helpText);
  const suggested = conversation.getByRole('list', { name: 'Suggested replies' });
  await expect(suggested).toHaveCount(1);
  await expect(suggested.getByRole('button')).toHaveText([
    'What do you remember about me?',
    'Remember that I prefer short answers',
    'What can you do?',
  ]);
  await suggested.getByRole('button', { name: 'What do you remember about me?' }).click();
  await answered(page, 7);
  await expect(conversation.getByRole('article', { name: 'User' }).last()).toHaveText(
    /What do you remember about me\?/,
  );
  await expect(answer()).toContainText('Here is what my memory holds about you');
  // Only the latest answer offers suggestions.
  await expect(conversation.getByRole('list', { name: 'Suggested replies' })).toHaveCount(1);
  await expect(
    conversation.getByRole('button', { name: 'Remember that I prefer short answers' }),
  ).toHaveCount(0);
});

test('"Show me compaction" on the empty screen shows offload, truncation and summarization within 8 messages, without Settings', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openApp(page);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByRole('button', { name: 'Show me compaction' }).click();
  // The thread says it runs on the Stress preset.
  await expect(conversation.getByRole('status')).toContainText(
    'This thread uses the Stress preset: compaction triggers at 15% of a 32,000-token window',
  );
  await answered(page, 1);

  const events = page
    .getByRole('region', { name: 'Token usage' })
    .getByRole('list', { name: 'Context events' });
  const wanted = [
    'Large tool result offloaded',
    'Old tool inputs truncated',
    'Conversation summarized',
  ];
  let sent = 1;
  const seen = async () => {
    const listed = (await events.count()) ? await events.textContent() : '';
    return wanted.every((kind) => listed?.includes(kind));
  };
  // Follow what the Demo proposes: its first suggested reply, each time.
  while (!(await seen()) && sent < 8) {
    const next = conversation
      .getByRole('list', { name: 'Suggested replies' })
      .getByRole('button')
      .first();
    await expect(next).toHaveText('Write a long file');
    await next.click();
    await answered(page, ++sent);
  }
  expect(sent).toBeLessThanOrEqual(8);
  for (const kind of wanted) await expect(events).toContainText(kind);
  await expect(
    conversation.getByRole('separator', { name: 'Summary took over here' }).first(),
  ).toBeAttached();
  await expect(conversation.getByRole('article', { name: 'Assistant' }).last()).toContainText(
    'Compaction so far: offload ✓, truncation ✓, summarization ✓.',
  );
  await expect(conversation.getByRole('article', { name: /\(error\)/ })).toHaveCount(0);

  // Settings were never touched: the saved preset is still the default, and a new thread has no
  // Stress notice.
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByLabel('Compaction preset')).toHaveValue('default');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'New thread' }).click();
  await sendMessage(page, 'hello');
  await answered(page, 1);
  await expect(conversation.getByRole('status')).toHaveCount(0);
});

/** A screenshot to read by eye: to MP_SHOTS when set, else the test's output folder. */
async function shot(page: Page, info: TestInfo, name: string) {
  const size = page.viewportSize();
  const file = `${name}-${size?.width}x${size?.height}.png`;
  const dir = process.env.MP_SHOTS;
  await page.screenshot({ path: dir ? `${dir}/${file}` : info.outputPath(file) });
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
])
  test(`the Demo listens to the conversation (issue 33), ${viewport.width}x${viewport.height}`, async ({
    page,
  }, info) => {
    await page.setViewportSize(viewport);
    await openApp(page);
    const conversation = page.getByRole('region', { name: 'Conversation' });
    const answer = () => conversation.getByRole('article', { name: 'Assistant' }).last();

    // An introduction is saved, one fact per clause.
    await sendMessage(page, "hey there, I'm Priya, a data engineer in Lisbon");
    await answered(page, 1);
    await expect(answer()).toContainText('Hi Priya! Saved to /memories/AGENTS.md:');
    await expect(answer().locator('.markdown').getByRole('listitem')).toHaveText([
      "User's name is Priya.",
      'User is a data engineer.',
      'User lives in Lisbon.',
    ]);

    // What the person said is found and quoted.
    await sendMessage(page, 'what city do I live in?');
    await answered(page, 2);
    await expect(answer()).toContainText('You live in Lisbon.');
    await expect(answer()).toContainText(
      "You told me earlier: “hey there, I'm Priya, a data engineer in Lisbon”",
    );
    await expect(answer()).not.toContainText('weather-cli');
    await shot(page, info, 'demo-listens-recall');

    // "forget …" removes the line, with a chip like any memory edit.
    await sendMessage(page, 'I prefer Python');
    await answered(page, 3);
    await sendMessage(page, 'forget that I prefer Python');
    await answered(page, 4);
    await expect(answer()).toContainText(
      'Removed from /memories/AGENTS.md: “User prefers Python.”',
    );
    const chips = conversation.getByRole('group', { name: 'Memory updated: /memories/AGENTS.md' });
    await expect(chips).toHaveCount(3);
    await expect(chips.last()).toContainText('+0 −1');

    // "make a file …" writes it, and the Files panel shows it.
    await sendMessage(page, 'make a file called plan.md with three steps for migrating to Iceberg');
    await answered(page, 5);
    await expect(conversation.getByRole('article', { name: 'Tool write_file' })).toBeVisible();
    await expect(answer()).toContainText('Wrote /plan.md: an outline with 3 numbered steps');
    const files = page.getByRole('region', { name: 'Files' });
    await expect(files.getByRole('button', { name: '/plan.md' })).toBeVisible();
    await files.getByRole('button', { name: '/plan.md' }).click();
    await expect(page.getByRole('region', { name: 'Editor' })).toContainText(
      'Three steps for migrating to Iceberg',
    );
    await shot(page, info, 'demo-listens-files');

    // Two named strategies are compared, and the token count has figures.
    await sendMessage(page, 'compare retrieval and paging');
    await answered(page, 6);
    await expect(answer()).toContainText('Retrieval and OS-like paging, side by side');
    await expect(answer()).not.toContainText('Sliding window');
    await sendMessage(page, 'how many tokens have we used?');
    await answered(page, 7);
    await expect(answer()).toContainText(
      /This thread has made \d+ model calls so far: [\d,]+ input tokens/,
    );
    await shot(page, info, 'demo-listens-tokens');
  });
