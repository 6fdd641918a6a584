// Our chart components, as `npm run bench:plot` mounts them: the one place the kit pages import
// them from (point these at the plot kit's modules when they move).
export { default as TokenChart } from '../../src/ui/charts/TokenChart';
export { ResultsCharts } from '../../src/ui/arena/ResultsCharts';
export { LineFigure } from '../../src/ui/arena/LineFigure';
export { ScatterFigure } from '../../src/ui/arena/ScatterFigure';
export { BarsFigure } from '../../src/ui/arena/BarsFigure';
