import type { FakeServer } from './fake-servers/common';
import { test, expect, openApp, sendMessage, configureProvider } from './fixtures';

const EDIT = {
  name: 'edit_file',
  arguments: {
    file_path: '/memories/AGENTS.md',
    old_string: '- Writes TypeScript with strict mode on.',
    new_string: '- Writes TypeScript with strict mode on.\n- Prefers tabs over spaces.',
  },
};

function systemPromptOf(
  server: FakeServer,
  index: number,
  provider: 'openai' | 'anthropic',
): string {
  const body = server.requests[index]!.body;
  if (provider === 'anthropic') {
    return typeof body.system === 'string'
      ? body.system
      : body.system.map((b: { text: string }) => b.text).join('');
  }
  return body.messages[0].content;
}

for (const provider of ['openai', 'anthropic'] as const) {
  const label = provider === 'openai' ? 'OpenAI-compatible' : 'Anthropic';
  const model = provider === 'openai' ? 'gpt-4o-mini' : 'claude-sonnet-4-5';

  test(`${label}: the agent edits AGENTS.md, and after a reload a new thread carries the edited memory`, async ({
    page,
    openai,
    anthropic,
  }) => {
    const server = provider === 'openai' ? openai : anthropic;
    server.enqueue(
      { text: 'Let me save that. ', toolCalls: [EDIT], usage: { input: 1200, output: 40 } },
      { text: 'Saved: you prefer **tabs**.', usage: { input: 1300, output: 12 } },
    );
    await openApp(page);
    await configureProvider(page, {
      provider: label,
      baseURL: server.url,
      apiKey: 'sk-test-123',
      model,
      remember: true,
    });
    await expect(page.getByText(`${label} · ${model}`)).toBeVisible();

    await sendMessage(page, 'I prefer tabs over spaces, remember that');
    const conversation = page.getByRole('region', { name: 'Conversation' });
    const answer = conversation.getByRole('article', { name: 'Assistant' }).last();
    await expect(answer).toContainText('Saved: you prefer tabs.');
    await expect(answer.locator('strong')).toHaveText('tabs');

    // The tool call and its result are in the conversation, collapsible, with arguments and output.
    await conversation.getByText('Called edit_file').click();
    await expect(conversation.getByLabel('Arguments of edit_file')).toContainText(
      '"file_path": "/memories/AGENTS.md"',
    );
    const result = conversation.getByRole('article', { name: 'Tool edit_file' });
    await result.getByText('edit_file').click();
    await expect(result).toContainText('/memories/AGENTS.md');
    await expect(
      conversation.getByRole('group', { name: 'Memory updated: /memories/AGENTS.md' }),
    ).toBeVisible();

    // The first request already carried the memory block; the second (after the edit) the new content.
    expect(server.requests).toHaveLength(2);
    expect(systemPromptOf(server, 0, provider)).toContain(
      '<agent_memory>\n/memories/AGENTS.md\n\n# User preferences',
    );
    expect(systemPromptOf(server, 0, provider)).toContain('<memory_guidelines>');
    expect(systemPromptOf(server, 1, provider)).toContain('- Prefers tabs over spaces.');

    // Token readout: estimate per section and what the provider reported.
    const tokens = page.getByRole('region', { name: 'Token usage' });
    await expect(tokens).toContainText('AGENTS.md memory');
    await expect(tokens).toContainText('1,300 in · 12 out');

    await page.reload();
    await expect(page.getByLabel('Message', { exact: true })).toBeEditable();
    await page.getByRole('button', { name: 'New thread' }).click();
    server.enqueue({ text: 'Hello again.' });
    await sendMessage(page, 'hello');
    await expect(conversation.getByRole('article', { name: 'Assistant' })).toContainText(
      'Hello again.',
    );
    expect(server.requests).toHaveLength(3);
    const system = systemPromptOf(server, 2, provider);
    expect(system).toContain('- Prefers tabs over spaces.');
    // The key reached the provider, in its own header.
    const headers = server.requests[2]!.headers;
    if (provider === 'openai') expect(headers.authorization).toBe('Bearer sk-test-123');
    else
      expect([headers['x-api-key'], headers.authorization]).toContain(
        headers['x-api-key'] ? 'sk-test-123' : 'Bearer sk-test-123',
      );
  });
}

test('the API key is kept in memory only unless "Remember key on this device" is ticked', async ({
  page,
  anthropic,
}) => {
  await openApp(page);
  await configureProvider(page, {
    provider: 'Anthropic',
    baseURL: anthropic.url,
    apiKey: 'sk-ant-ephemeral',
    model: 'claude-haiku-4-5',
  });
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByLabel('Provider', { exact: true })).toHaveValue('anthropic');
  await expect(dialog.getByLabel('Base URL', { exact: true })).toHaveValue(anthropic.url);
  await expect(dialog.getByLabel('API key', { exact: true })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Sending without a key explains what to fix and sends nothing.
  await sendMessage(page, 'hello');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Settings need attention' }),
  ).toBeVisible();
  expect(anthropic.requests).toHaveLength(0);
});
