/**
 * The command's limit on the old generation's growth (src/heap-growth.ts): set unless node was
 * given its own. Its effect on memory is measured by `npm run bench` (the 100k world's memory
 * after a test load), not here.
 */
import { HEAP_GROWING_PERCENT, heapGrowthFlag } from '../src/heap-growth';

describe('the heap growth limit', () => {
  it('is 30% unless node was started with its own --heap-growing-percent', () => {
    expect(HEAP_GROWING_PERCENT).toBe(30);
    expect(heapGrowthFlag([])).toBe('--heap-growing-percent=30');
    expect(heapGrowthFlag(['--max-old-space-size=512', '--enable-source-maps'])).toBe(
      '--heap-growing-percent=30',
    );
    expect(heapGrowthFlag(['--heap-growing-percent=80'])).toBeUndefined();
    expect(heapGrowthFlag(['--heap_growing_percent=80'])).toBeUndefined();
    expect(heapGrowthFlag(['--heap-growing-percent'])).toBeUndefined();
    // another flag that only starts the same way is not the user's choice of this one
    expect(heapGrowthFlag(['--heap-growing-percentage=80'])).toBe('--heap-growing-percent=30');
  });
});
