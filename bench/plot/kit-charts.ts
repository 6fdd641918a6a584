// What `npm run bench:plot` takes from our chart code, in one place (repoint these when the plot
// kit moves them): the components the kit pages mount, and the arena's turn rows both arena pages
// draw (turnPoints moves to src/state/arena-charts.ts with the kit).
export { default as TokenChart } from '../../src/ui/charts/TokenChart';
export { ResultsCharts } from '../../src/ui/arena/ResultsCharts';
export { LineFigure } from '../../src/ui/arena/LineFigure';
export { ScatterFigure } from '../../src/ui/arena/ScatterFigure';
export { BarsFigure } from '../../src/ui/arena/BarsFigure';
export { turnPoints, type TurnRow } from '../../src/state/arena-charts';
