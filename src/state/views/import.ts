// The Import session dialog's view: the report's lines and the secrets it found.

export { megabytes } from '../../core/sessions/builder';
export { reportLines, secretLines } from '../../core/sessions/report';
