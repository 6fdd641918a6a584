// The arena's four figures as the app draws them: ResultsCharts (LineFigure ×2, ScatterFigure,
// BarsFigure) over the same arena run as the recharts page.
import { ResultsCharts } from './kit-charts';
import type { ArenaRun } from './data-types';
import { benchPage } from './harness';
import '../../src/ui/arena/arena.css';
import './page.css';

void benchPage<ArenaRun>('arena.json', (run) => <ResultsCharts run={run} />, {
  target: 'figure[aria-label="Tokens sent per turn"] svg.arena-line-svg',
  describe: () =>
    document.querySelector('.arena-line-tooltip')?.textContent?.replace(/\s+/g, ' ') ?? '',
});
