// What the pages of `npm run bench:plot` fetch (made by bench-plot-data.ts).
import type { ChartRow, Scale, Series } from '../../src/ui/charts/chart-data';

export type { ArenaRun } from '../../src/core/arena/results';

/** The token chart's props, less its event handler. */
export interface TokenData {
  rows: ChartRow[];
  series: Series[];
  scale: Scale;
}
