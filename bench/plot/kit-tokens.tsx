// The token chart as the app draws it (TokenChart, its brush below it) over the same 2,000 calls
// as the recharts page.
import { TokenChart } from './kit-charts';
import type { TokenData } from './data-types';
import { benchPage } from './harness';
import '../../src/ui/tokens/tokens.css';
import './page.css';

const noEvent = () => {};

void benchPage<TokenData>(
  'tokens.json',
  (data) => (
    <div className="bench-token-box chart-box">
      <TokenChart rows={data.rows} series={data.series} scale={data.scale} onEvent={noEvent} />
    </div>
  ),
  {
    target: '.call-brush-start',
    track: '.call-brush',
    handle: 'centre',
    describe: () => {
      const name = document.querySelector('svg.token-plot')?.getAttribute('aria-label') ?? '';
      const match = /calls (\d+) to (\d+)/.exec(name);
      return match ? `calls ${match[1]}–${match[2]} in view` : name;
    },
  },
);
