// The bundle import preview's view: sizes and the line diff of a file the import would change.

export { formatBytes } from '../../core/bundle/errors';
export { diffLines } from '../../core/text/diff';
