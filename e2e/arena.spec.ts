// The Strategy arena: a built-in scenario through three strategies (table, lines, scatter, the
// context at a probe, past runs after a reload), the bars of a strategy's extra model calls, a past
// thread of the app, an imported thread JSONL, Stop leaving a partial result, and a bad file
// refused without losing the earlier run.
import type { Page } from '@playwright/test';
import {
  boxesOf,
  configureProvider,
  expect,
  openApp,
  overlapping,
  sendMessage,
  test,
} from './fixtures';

/** Opens the arena, after pointing the app at the fake OpenAI server when one is given. */
async function openArena(page: Page, openai?: { url: string }) {
  await openApp(page);
  if (openai)
    await configureProvider(page, {
      provider: 'OpenAI-compatible',
      baseURL: openai.url,
      apiKey: 'sk-arena',
      model: 'gpt-4o-mini',
    });
  await page.getByRole('button', { name: 'Arena', exact: true }).click();
  const arena = page.getByRole('region', { name: 'Arena' });
  await expect(arena).toBeVisible();
  return arena;
}

function threadJsonl(turns: number, filler = 1, probes?: unknown[]): string {
  const header: Record<string, unknown> = {
    type: 'thread',
    format: 'memory-playground-thread',
    formatVersion: 1,
    id: 'thread_import',
    title: 'Imported trip',
    workspace: 'default',
    createdAt: 1,
    updatedAt: 2,
    state: {},
    memoryEdits: [],
    events: [],
  };
  if (probes) header.arenaProbes = probes;
  const lines = [JSON.stringify(header)];
  for (let i = 1; i <= turns; i++) {
    const words = Array.from({ length: filler }, (_, k) => `item${(i * 7 + k) % 97} note`).join(
      ' ',
    );
    const user =
      i === 1 ? 'My passport number ends in 4417 and I fly to Oslo.' : `Question ${i}: ${words}`;
    lines.push(
      JSON.stringify({
        type: 'message',
        role: 'user',
        id: `u${i}`,
        content: user,
        createdAt: i * 1000,
      }),
    );
    lines.push(
      JSON.stringify({
        type: 'message',
        role: 'assistant',
        id: `a${i}`,
        content: `Answer ${i}: ${words}`,
        createdAt: i * 1000 + 1,
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

test('a built-in scenario through three strategies: results table, lines, scatter, context at a probe; kept after a reload', async ({
  page,
}) => {
  const arena = await openArena(page);
  await arena
    .getByLabel('Scenario')
    .selectOption({ label: 'Personal assistant: facts stated early, asked late' });
  // Sequential, Sliding window and Retrieval are ticked by default; the window gets 1 turn.
  for (const name of ['Sequential', 'Sliding window', 'Retrieval'])
    await expect(arena.getByRole('checkbox', { name, exact: true })).toBeChecked();
  await expect(
    arena.getByRole('checkbox', { name: 'OS-like paging', exact: true }),
  ).not.toBeChecked();
  await arena.getByLabel('Sliding window: Window size (turns)').fill('1');
  await arena.getByRole('button', { name: 'Run arena' }).click();

  const table = arena.getByRole('table', { name: 'Arena results' });
  await expect(table.getByRole('row')).toHaveCount(4);
  for (const column of ['Strategy', 'Tokens sent', 'Extra calls', 'Probe recall'])
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
  const row = (name: string) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
  // Sequential carries everything: every probe's evidence is there.
  await expect(row('Sequential').getByRole('cell').nth(2)).toContainText('100%');
  // A window of one turn forgets the facts stated in the first three turns.
  await expect(row('Sliding window').getByRole('cell').nth(2)).not.toContainText('100%');
  await expect(arena.getByText(/Probe recall = the fraction of each probe/)).toBeVisible();
  await expect(arena.getByText(/offline stand-ins/)).toBeVisible();

  // One line per strategy in both line charts, named in the first one's key; hovering a chart
  // shows the turn and each strategy's tokens there. One point per strategy in the scatter.
  const perTurn = arena.getByRole('figure', { name: 'Tokens sent per turn' });
  const cumulative = arena.getByRole('figure', { name: 'Cumulative tokens' });
  await expect(perTurn.locator('path.arena-line')).toHaveCount(3);
  await expect(cumulative.locator('path.arena-line')).toHaveCount(3);
  for (const path of await perTurn.locator('path.arena-line').all())
    await expect(path).toHaveAttribute('d', /^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){13}$/);
  await expect(perTurn.getByRole('listitem')).toHaveText([
    'Sequential',
    'Sliding window (Window size 1)',
    'Retrieval',
  ]);
  const perTurnPlot = perTurn.getByRole('img', { name: /^Tokens sent per turn, turns 1–14/ });
  await expect(perTurnPlot).toBeVisible();
  await expect(
    cumulative.getByRole('img', { name: /^Cumulative tokens sent, turns 1–14/ }),
  ).toBeVisible();
  await expect(perTurn.getByRole('tooltip')).toHaveCount(0);
  const plotBox = (await perTurnPlot.boundingBox())!;
  // Near the plot's right end: the last turn.
  await perTurnPlot.hover({ position: { x: plotBox.width - 14, y: plotBox.height / 2 } });
  const tip = perTurn.getByRole('tooltip');
  await expect(tip.getByText('Turn 14', { exact: true })).toBeVisible();
  await expect(tip.getByRole('listitem')).toHaveText([
    /^Sequential[\d,]+$/,
    /^Sliding window \(Window size 1\)[\d,]+$/,
    /^Retrieval[\d,]+$/,
  ]);
  await page.mouse.move(0, 0);
  await expect(tip).toHaveCount(0);
  // From the keyboard too: the arrow keys step through the turns.
  await perTurnPlot.focus();
  await page.keyboard.press('ArrowRight');
  await expect(tip.getByText('Turn 1', { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tip.getByText('Turn 2', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tip).toHaveCount(0);
  const scatter = arena.getByRole('figure', { name: 'Tokens sent against probe recall' });
  const points = scatter.locator('.arena-scatter-point');
  await expect(points).toHaveCount(3);
  expect(await points.evaluateAll((all) => all.map((p) => p.getAttribute('data-name')))).toEqual([
    'Sequential',
    'Sliding window (Window size 1)',
    'Retrieval',
  ]);
  // Each strategy is named by its point or in the key; no name covers another or a point.
  await expect(scatter.getByRole('listitem')).toHaveText([
    'Sequential',
    /^Sliding window/,
    'Retrieval',
  ]);
  const names = await boxesOf(scatter.locator('.arena-scatter-labels text'));
  expect(names.length).toBeGreaterThan(0);
  expect(overlapping(names, names)).toEqual([]);
  expect(overlapping(names, await boxesOf(points))).toEqual([]);
  // A point's figures on hover, and from the keyboard: Up from none starts at the lowest recall
  // (the window of one turn), End goes to the most tokens sent (Sequential sends every turn).
  const scatterPlot = scatter.getByRole('img', {
    name: /^Tokens sent against probe recall: a point per strategy \(Sequential, Sliding window/,
  });
  await expect(scatterPlot).toBeVisible();
  await expect(scatter.getByRole('tooltip')).toHaveCount(0);
  await points.first().hover();
  const pointTip = scatter.getByRole('tooltip');
  await expect(pointTip).toContainText('Sequential');
  await expect(pointTip).toContainText(/[\d,]+ tokens sent/);
  await expect(pointTip).toContainText('Probe recall: 100%');
  await page.mouse.move(0, 0);
  await expect(pointTip).toHaveCount(0);
  await scatterPlot.focus();
  await page.keyboard.press('ArrowUp');
  await expect(pointTip).toContainText('Sliding window (Window size 1)');
  await expect(pointTip).not.toContainText('Probe recall: 100%');
  await page.keyboard.press('End');
  await expect(pointTip).toContainText('Sequential');
  await page.keyboard.press('ArrowLeft');
  await expect(pointTip).not.toContainText('Sequential');
  await page.keyboard.press('Escape');
  await expect(pointTip).toHaveCount(0);
  // No strategy here makes a model call of its own: no bars, and the figure says why.
  await expect(arena.getByRole('figure', { name: 'Extra model calls' })).toContainText(
    'None of these strategies made an extra model call.',
  );
  await expect(arena.getByRole('progressbar', { name: 'Retrieval progress' })).toHaveAttribute(
    'value',
    '14',
  );

  // The context at a probe: the window misses the allergy stated in turn 2.
  await arena
    .getByRole('button', { name: /^Sliding window.*: Which food am I allergic to\? — missing/ })
    .click();
  const context = arena.getByRole('region', { name: 'Context at probe' });
  await expect(context).toContainText('Missing t2u');
  // It opens below the grid and is brought into view, not left below the fold.
  await expect(context.getByRole('heading').first()).toBeInViewport();
  await arena.getByRole('button', { name: /^Sequential: Which food am I allergic to\?/ }).click();
  await expect(context).toContainText('Present t2u');
  await expect(context.locator('mark').first()).toContainText('allergic to peanuts');

  // Back to the chat and again: both keep their state.
  await page.getByRole('button', { name: 'Arena', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Conversation' })).toBeVisible();
  await page.getByRole('button', { name: 'Arena', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Arena results' })).toBeVisible();

  // Past runs are kept in IndexedDB; the address names the run on screen, so a reload shows it.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Arena results' }).getByRole('row')).toHaveCount(4);
  const past = page.getByRole('navigation', { name: 'Past runs' });
  await past.getByRole('button', { name: /Personal assistant/ }).click();
  await expect(page.getByRole('table', { name: 'Arena results' }).getByRole('row')).toHaveCount(4);
});

test('the extra model calls of a strategy with model steps are bars, with their tokens and a tooltip', async ({
  page,
}) => {
  const arena = await openArena(page);
  await arena
    .getByLabel('Scenario')
    .selectOption({ label: 'Personal assistant: facts stated early, asked late' });
  for (const name of ['Sliding window', 'Retrieval'])
    await arena.getByRole('checkbox', { name, exact: true }).uncheck();
  await arena.getByRole('checkbox', { name: 'Summarization', exact: true }).check();
  await arena.getByRole('button', { name: 'Run arena' }).click();
  const table = arena.getByRole('table', { name: 'Arena results' });
  await expect(table.getByRole('row')).toHaveCount(3);
  // The offline stand-in's summaries are the extra calls the table counts.
  const callsCell = table
    .getByRole('row', { name: /^Summarization/ })
    .getByRole('cell')
    .nth(1);
  await expect(callsCell).toContainText(/^\d+ \(/);
  const calls = Number(/^(\d+)/.exec((await callsCell.textContent()) ?? '')![1]);
  expect(calls).toBeGreaterThan(0);

  const figure = arena.getByRole('figure', { name: 'Extra model calls' });
  const plot = figure.getByRole('img', {
    name: `Extra model calls: a bar per strategy (Sequential 0 calls, Summarization ${calls} calls); the arrow keys show each bar’s figures`,
  });
  await expect(plot).toBeVisible();
  const bars = figure.locator('rect.arena-bar');
  await expect(bars).toHaveCount(2);
  // Sequential's bar has no length and no label; Summarization's is the longest (the calls axis
  // ends at a round number at or above it), its tokens past its end.
  expect(Number(await bars.nth(0).getAttribute('width'))).toBe(0);
  expect(Number(await bars.nth(1).getAttribute('width'))).toBeGreaterThan(100);
  await expect(figure.locator('.arena-bar-label')).toHaveText([/^[\d,.]+k? tok$/]);
  await expect(figure.locator('.arena-bar-name')).toHaveText(['Sequential', 'Summarization']);

  await bars.nth(1).hover();
  const tip = figure.getByRole('tooltip');
  await expect(tip).toContainText('Summarization');
  await expect(tip).toContainText(new RegExp(`${calls} calls, [\\d,]+ tokens`));
  await page.mouse.move(0, 0);
  await expect(tip).toHaveCount(0);
  await plot.focus();
  await page.keyboard.press('ArrowDown');
  await expect(tip).toHaveText('Sequential0 calls, 0 tokens');
  await page.keyboard.press('ArrowDown');
  await expect(tip).toContainText('Summarization');
  await page.keyboard.press('Escape');
  await expect(tip).toHaveCount(0);
});

test('a past thread of the app replays through the strategies, tokens measured without probes', async ({
  page,
}) => {
  await openApp(page);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  const said = [
    'Please remember that my locker code is 3141.',
    'What is on my todo list? read /notes/todo.md',
    'What do you remember about me?',
  ];
  for (const [i, text] of said.entries()) {
    await sendMessage(page, text);
    await expect(conversation.getByRole('article', { name: 'User' })).toHaveCount(i + 1);
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 20_000 });
  }

  await page.getByRole('button', { name: 'Arena', exact: true }).click();
  const arena = page.getByRole('region', { name: 'Arena' });
  const pastThread = arena.getByLabel('Past thread');
  const option = pastThread.getByRole('option', { name: /^Please remember that my locker code/ });
  await expect(option).toHaveCount(1);
  await pastThread.selectOption({ label: (await option.textContent()) ?? '' });
  await expect(arena.getByText(/: 3 turns, \d+ messages, 0 probes\./)).toBeVisible();
  await expect(arena.getByText('No probes: tokens are measured, recall is not.')).toBeVisible();

  await arena.getByLabel('Sliding window: Window size (turns)').fill('1');
  await arena.getByRole('button', { name: 'Run arena' }).click();
  const table = arena.getByRole('table', { name: 'Arena results' });
  await expect(table.getByRole('row')).toHaveCount(4);
  const tokensOf = async (name: string) => {
    const cell = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) })
      .getByRole('cell')
      .first();
    await expect(cell).toContainText(/\d/);
    return Number(((await cell.textContent()) ?? '').replace(/[^\d]/g, ''));
  };
  // Sequential sends every earlier turn; a window of one turn sends fewer tokens.
  const sequential = await tokensOf('Sequential');
  expect(sequential).toBeGreaterThan(0);
  expect(await tokensOf('Sliding window')).toBeLessThan(sequential);
  await expect(arena.getByText(/offline stand-ins/)).toBeVisible();
});

test('an imported thread JSONL runs, with the probes it carries', async ({ page }) => {
  const arena = await openArena(page);
  await arena.getByLabel('Import transcript').setInputFiles({
    name: 'trip.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(
      threadJsonl(6, 3, [
        { question: 'What does my passport number end in?', answer: '4417', evidence: ['u1'] },
      ]),
    ),
  });
  await expect(arena.getByText(/Imported trip: 6 turns, 12 messages, 1 probes/)).toBeVisible();
  await arena.getByRole('button', { name: 'Run arena' }).click();
  const table = arena.getByRole('table', { name: 'Arena results' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row', { name: /^Sequential/ })).toContainText('100%');
  await expect(table.getByRole('row', { name: /^Sliding window/ })).toContainText('0%');
});

test('Stop leaves a partial result that says so', async ({ page }) => {
  const arena = await openArena(page);
  // Long enough that the run is still going when Stop is clicked, on any machine: Stop is pressed
  // as soon as the first progress shows (a fast counter once finished 1,500 turns in between).
  await arena.getByLabel('Import transcript').setInputFiles({
    name: 'long.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(
      threadJsonl(4000, 40, [{ question: 'passport number?', evidence: ['u1'] }]),
    ),
  });
  await expect(arena.getByText(/4000 turns/)).toBeVisible();
  await arena.getByRole('checkbox', { name: 'Sliding window', exact: true }).uncheck();
  await arena.getByRole('checkbox', { name: 'Retrieval', exact: true }).uncheck();
  await arena.getByRole('button', { name: 'Run arena' }).click();
  const progress = arena.getByRole('progressbar', { name: 'Sequential progress' });
  await expect
    .poll(async () => Number(await progress.getAttribute('value')), { intervals: [25] })
    .toBeGreaterThan(0);
  await arena.getByRole('button', { name: 'Stop' }).click();
  await expect(arena.getByText(/Partial: the run was stopped/)).toBeVisible();
  const table = arena.getByRole('table', { name: 'Arena results' });
  await expect(table.getByRole('row', { name: /^Sequential/ })).toContainText(
    /partial · \d+\/4000 turns/,
  );
  await expect(arena.getByRole('button', { name: 'Run arena' })).toBeEnabled();
});

test('a bad file is refused naming the line, and the earlier run is kept', async ({ page }) => {
  const arena = await openArena(page);
  await arena.getByRole('button', { name: 'Run arena' }).click();
  const table = arena.getByRole('table', { name: 'Arena results' });
  await expect(table.getByRole('row')).toHaveCount(4);

  const good = threadJsonl(3).split('\n');
  await arena.getByLabel('Import transcript').setInputFiles({
    name: 'broken.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from([good[0], good[1], '{"type":"message", oops', ''].join('\n')),
  });
  await expect(arena.getByRole('alert')).toContainText('broken.jsonl line 3');
  await expect(arena.getByRole('alert')).toContainText('Nothing was changed');
  await arena.getByLabel('Import transcript').setInputFiles({
    name: 'conv.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        speaker_a: 'Ann',
        speaker_b: 'Bo',
        session_1_date_time: '1:56 pm on 8 May, 2023',
        session_1: [{ speaker: 'Ann', dia_id: 'D1:1', text: 'Hi' }],
        qa: [{ answer: 'x', evidence: ['D1:1'], category: 1 }],
      }),
    ),
  });
  await expect(arena.getByRole('alert')).toContainText('qa[0].question is missing');
  // Nothing of the earlier run is lost, and the scenario is still the transcript.
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(
    arena.getByText(/Personal assistant: facts stated early, asked late: 14 turns/),
  ).toBeVisible();
});

test('with a real provider: the cost is shown and confirmed first, steps go to the model, a failed step is recorded, a rerun is answered from the cache', async ({
  page,
  openai,
}) => {
  const arena = await openArena(page, openai);
  // The first compression call fails (a 400 is not retried); the rest answer one sentence.
  openai.enqueue({ error: { status: 400, message: 'bad request for this step' } });
  openai.setDefault({ text: 'The user prefers a window seat on trains.' });
  await arena
    .getByLabel('Scenario')
    .selectOption({ label: 'Travel planning: a preference that is later corrected' });
  for (const name of ['Sequential', 'Sliding window', 'Retrieval'])
    await arena.getByRole('checkbox', { name, exact: true }).uncheck();
  await arena.getByRole('checkbox', { name: 'Compression', exact: true }).check();
  await arena.getByRole('button', { name: 'Run arena' }).click();

  const confirm = arena.getByRole('alertdialog', { name: 'Confirm model calls' });
  await expect(confirm).toContainText('about 13 extra model calls with gpt-4o-mini');
  expect(openai.requests).toHaveLength(0);
  await confirm.getByRole('button', { name: 'Run with the model' }).click();

  const table = arena.getByRole('table', { name: 'Arena results' });
  const row = table.getByRole('row', { name: /^Compression/ });
  await expect(row).toContainText('1 failed');
  await expect(row.getByRole('cell').nth(1)).toContainText(/^12 \(.*tokens, model\)/);
  const stepCalls = openai.requests.filter((r) =>
    String(r.body.messages?.[0]?.content ?? '').startsWith('You are a data compression engine.'),
  );
  expect(stepCalls).toHaveLength(13);
  await expect(arena.getByText(/Model steps answered by gpt-4o-mini/)).toBeVisible();

  // A rerun pays nothing again for the answers it has (the failed one is asked again).
  await arena.getByRole('button', { name: 'Run arena' }).click();
  await arena
    .getByRole('alertdialog', { name: 'Confirm model calls' })
    .getByRole('button', { name: 'Run with the model' })
    .click();
  await expect(row).toContainText('12 cached');
  expect(openai.requests).toHaveLength(14);
});

test('Ask the model: each probe question goes to the model with the strategy context, scored as answer accuracy', async ({
  page,
  openai,
}) => {
  const arena = await openArena(page, openai);
  openai.setDefault({ text: 'You prefer a window seat.' });
  await arena
    .getByLabel('Scenario')
    .selectOption({ label: 'Travel planning: a preference that is later corrected' });
  for (const name of ['Sliding window', 'Retrieval'])
    await arena.getByRole('checkbox', { name, exact: true }).uncheck();
  await arena.getByRole('checkbox', { name: 'Ask the model' }).check();
  await arena.getByRole('button', { name: 'Run arena' }).click();
  const confirm = arena.getByRole('alertdialog', { name: 'Confirm model calls' });
  await expect(confirm).toContainText('about 3 extra model calls');
  await confirm.getByRole('button', { name: 'Run with the model' }).click();

  const table = arena.getByRole('table', { name: 'Arena results' });
  await expect(table.getByRole('columnheader', { name: 'Answer accuracy' })).toBeVisible();
  // One of the three probes expects "window seat": the scripted answer holds it.
  await expect(
    table
      .getByRole('row', { name: /^Sequential/ })
      .getByRole('cell')
      .nth(3),
  ).toHaveText('33%');
  const asked = openai.requests.filter((r) =>
    (r.body.messages as { role: string; content: string }[]).some(
      (m) => m.content === 'Which seat do I prefer on trains?',
    ),
  );
  expect(asked).toHaveLength(1);
  // The question went with Sequential's context: the correction from turn 9 is in it.
  expect(JSON.stringify(asked[0]!.body.messages)).toContain('I now prefer a window seat');
  await arena
    .getByRole('button', { name: /^Sequential: Which seat do I prefer on trains\?/ })
    .click();
  await expect(arena.getByRole('region', { name: 'Context at probe' })).toContainText(
    'Model answered: “You prefer a window seat.” — holds the expected answer',
  );
});
