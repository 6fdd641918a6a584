import { describe, expect, it } from 'vitest';
import { memoryFs } from '../../../tests/fixtures/agent';
import {
  BUILT_IN_TOOL_NAMES,
  MAX_EXPANDED_CHARS,
  createExperimentTool,
  expandTemplate,
  experimentToolSchema,
  parseExperimentTools,
  type ExperimentToolDefinition,
} from './experiment';

const weather: ExperimentToolDefinition = {
  name: 'get_weather',
  description: 'Weather for a city.',
  parameters: {
    type: 'object',
    properties: {
      city: { type: 'string', description: 'City name' },
      days: { type: 'integer' },
      unit: { type: 'string', enum: ['C', 'F'] },
    },
    required: ['city'],
  },
  result: {
    mode: 'template',
    template: 'Forecast for {{city}} ({{unit}}): {{repeat:days:sunny }}',
  },
};

const context = async () => ({
  fs: await memoryFs(),
  signal: new AbortController().signal,
  toolCallId: 'c1',
});

describe('experiment tool definitions', () => {
  it('accept a valid definition', () => {
    expect(experimentToolSchema.safeParse(weather).success).toBe(true);
    expect(parseExperimentTools([weather, { ...weather, name: 'Other-tool_2' }]).ok).toBe(true);
  });

  it.each([
    ['', /a name starts with a letter/],
    ['1tool', /a name starts with a letter/],
    ['has space', /a name starts with a letter/],
    ['x'.repeat(65), /a name starts with a letter/],
    ['read_file', /belongs to a built-in tool/],
    ['execute', /belongs to a built-in tool/],
  ])('refuse the name %j', (name, problem) => {
    const result = parseExperimentTools([{ ...weather, name }]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join('\n')).toMatch(problem);
  });

  it('refuse duplicates, bad schemas and bad results with readable problems', () => {
    const check = (value: unknown) => {
      const result = parseExperimentTools(value);
      return result.ok ? [] : result.problems;
    };
    expect(check([weather, weather])).toEqual(['1.name: two tools are named get_weather']);
    expect(check([{ ...weather, description: '  ' }])).toEqual([
      '0.description: a description is needed',
    ]);
    expect(
      check([{ ...weather, parameters: { ...weather.parameters, required: ['nope'] } }]),
    ).toEqual(['0.parameters.required: every name in "required" must be one of the properties']);
    expect(check([{ ...weather, parameters: { type: 'array', properties: {} } }])[0]).toMatch(
      /^0\.parameters\.type/,
    );
    expect(
      check([
        { ...weather, parameters: { type: 'object', properties: { a: { type: 'text' } } } },
      ])[0],
    ).toMatch(/^0\.parameters\.properties\.a\.type/);
    expect(check([{ ...weather, result: { mode: 'script', code: 'x' } }])[0]).toMatch(/^0\.result/);
    expect(check('not a list')).toHaveLength(1);
    expect(BUILT_IN_TOOL_NAMES).toEqual([
      'ls',
      'read_file',
      'write_file',
      'edit_file',
      'glob',
      'grep',
      'execute',
    ]);
  });
});

describe('experiment tools', () => {
  it('expose the definition as their schema', () => {
    const tool = createExperimentTool(weather);
    expect(tool.schema).toEqual({
      name: 'get_weather',
      description: 'Weather for a city.',
      parameters: weather.parameters,
    });
  });

  it('fill templates with arguments', async () => {
    const tool = createExperimentTool(weather);
    const result = await tool.run({ city: 'Oslo', days: 3, unit: 'C' }, await context());
    expect(result).toEqual({ content: 'Forecast for Oslo (C): sunny sunny sunny ' });
    // JSON text arguments, as the loop passes through from some callers; missing optional: empty.
    expect((await tool.run('{"city":"Rome"}', await context())).content).toBe(
      'Forecast for Rome (): ',
    );
  });

  it('check arguments against the schema', async () => {
    const tool = createExperimentTool(weather);
    const ctx = await context();
    expect((await tool.run({}, ctx)).content).toBe(
      'Error: invalid arguments for get_weather: city: this argument is required.',
    );
    expect((await tool.run({ city: 3, days: 1.5, unit: 'K' }, ctx)).content).toBe(
      'Error: invalid arguments for get_weather: city: expected string; days: expected integer; unit: must be one of "C", "F".',
    );
    expect((await tool.run('not json', ctx)).content).toBe(
      'Error: the arguments are not valid JSON.',
    );
    expect((await tool.run([1], ctx)).isError).toBe(true);
  });

  it('return fixed text, as an error when asked to', async () => {
    const fixed = createExperimentTool({
      ...weather,
      parameters: { type: 'object', properties: {} },
      result: { mode: 'fixed', text: 'Service unavailable', isError: true },
    });
    expect(await fixed.run({}, await context())).toEqual({
      content: 'Service unavailable',
      isError: true,
    });
  });
});

describe('expandTemplate', () => {
  it('stages huge outputs with repeat and numbered lines', () => {
    const big = expandTemplate('{{repeat:50000:ab}}', {});
    expect(big.ok && big.text.length).toBe(100_000);
    const lines = expandTemplate('{{lines:n:row {{tag}}}}', { n: 3, tag: 'x' });
    expect(lines).toEqual({ ok: true, text: 'row x 1\nrow x 2\nrow x 3' });
    expect(expandTemplate('{{repeat:2:a\\nb}}', {})).toEqual({ ok: true, text: 'a\nba\nb' });
    expect(expandTemplate('{"json": {{value}}, "n": {{repeat:2:{x}}}}', { value: [1] })).toEqual({
      ok: true,
      text: '{"json": [1], "n": {x}{x}}',
    });
  });

  it('refuses counts that are not whole numbers, and outputs over the limit', () => {
    expect(expandTemplate('{{repeat:n:x}}', { n: 'many' })).toEqual({
      ok: false,
      error: '{{repeat:n:…}} needs a whole number from 0 to 1,000,000.',
    });
    const tooBig = expandTemplate('{{repeat:1000000:0123456789}}', {});
    expect(tooBig.ok).toBe(false);
    if (!tooBig.ok) expect(tooBig.error).toMatch(/more than 5,000,000 characters/);
    expect(MAX_EXPANDED_CHARS).toBe(5_000_000);
  });

  // Issue 18, finding 3: the limit was checked only after the whole string was built, so 40,000
  // copies of a 1 MB argument (40 GB) threw "Invalid string length" after seconds of copying.
  it('checks the limit as it grows: gigabytes of placeholders are refused, never built', () => {
    const megabyte = 'x'.repeat(1_000_000);
    const attacks = [
      '{{big}}'.repeat(40_000),
      `{{repeat:1:${'{{big}}'.repeat(20_000)}}}`,
      `{{lines:1000000:${'{{big}}'.repeat(100)}}}`,
      `{{repeat:3:{{big}}{{big}}}}`,
    ];
    for (const template of attacks) {
      let result: ReturnType<typeof expandTemplate> | undefined;
      expect(() => (result = expandTemplate(template, { big: megabyte }))).not.toThrow();
      expect(result).toEqual({
        ok: false,
        error: 'the template would expand to more than 5,000,000 characters.',
      });
    }
    // Exactly at the limit is fine, one more character is not.
    const at = expandTemplate('{{repeat:5:{{big}}}}', { big: megabyte });
    expect(at.ok && at.text.length).toBe(5_000_000);
    expect(expandTemplate('{{repeat:5:{{big}}}}!', { big: megabyte }).ok).toBe(false);
    // Numbered lines are counted exactly (line numbers included).
    const lines = expandTemplate('{{lines:3:ab}}', {});
    expect(lines).toEqual({ ok: true, text: 'ab 1\nab 2\nab 3' });
  });
});
