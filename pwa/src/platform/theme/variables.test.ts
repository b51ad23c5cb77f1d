import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIGHT_CHART_COLORS } from '../ui/Chart';

describe('the charts’ light palette (theme/variables.css)', () => {
  it('is the one Chart.tsx falls back to where the stylesheet is not loaded', () => {
    const css = readFileSync(join(__dirname, 'variables.css'), 'utf8');
    // the first :root block holds the light values; the dark ones follow in a media query.
    const light = css.slice(css.indexOf(':root'), css.indexOf('}', css.indexOf(':root')));
    const declared = Object.fromEntries([...light.matchAll(/--oracy-chart-([\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
    expect(declared).toEqual(LIGHT_CHART_COLORS);
  });
});
