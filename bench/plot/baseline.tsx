// No chart: React and the harness alone, built only to be weighed (what each chart page adds to it
// is its chart's cost in the bundle).
import { benchPage } from './harness';

void benchPage<unknown>('tokens.json', () => <p>No chart.</p>, {
  target: 'p',
  describe: () => '',
});
