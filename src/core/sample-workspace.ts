// The sample workspace a new user starts with, so the app is useful before any setup.

export interface SampleFile {
  path: string;
  content: string;
}

export const SAMPLE_FILES: readonly SampleFile[] = [
  {
    path: '/memories/AGENTS.md',
    content: `# User preferences

<!-- Personal memory: shared by every workspace. The agent edits this file when you ask it to remember something. -->

- Prefers concise answers with code examples.
- Writes TypeScript with strict mode on.
`,
  },
  {
    path: '/AGENTS.md',
    content: `# Project: weather-cli

A small command-line tool that prints the forecast for a city.

## Commands
- \`npm test\` runs the unit tests.
- \`npm run lint\` checks style.

## Conventions
- Source lives in /src, tests next to the code as *.test.ts.
- Never commit API keys; read them from the environment.
`,
  },
  {
    path: '/README.md',
    content: `# weather-cli

Prints today's forecast for a city:

    weather-cli Lisbon

Configuration is read from WEATHER_API_KEY.
`,
  },
  {
    path: '/src/forecast.ts',
    content: `export interface Forecast {
  city: string;
  celsius: number;
  summary: string;
}

export function formatForecast(forecast: Forecast): string {
  return \`\${forecast.city}: \${forecast.celsius.toFixed(1)} °C, \${forecast.summary}\`;
}
`,
  },
  {
    path: '/notes/todo.md',
    content: `# TODO

- Add a --units flag (celsius or fahrenheit).
- Cache responses for ten minutes.
`,
  },
];
