import { describe, expect, it } from 'vitest';
import { autoAdvance, lastStart, step, visibleForWidth } from './carousel';

describe('carousel index arithmetic', () => {
  it('never scrolls past the last full view', () => {
    expect(lastStart(12, 4)).toBe(8);
    expect(lastStart(3, 4)).toBe(0);
    expect(lastStart(0, 4)).toBe(0);
  });

  it('advances one at a time and wraps to the start after the end', () => {
    const seen = [0];
    for (let n = 0; n < 6; n += 1) seen.push(autoAdvance(seen.at(-1)!, 6, 4));
    expect(seen).toEqual([0, 1, 2, 0, 1, 2, 0]);
    expect(autoAdvance(0, 4, 4)).toBe(0);
  });

  it('stops the arrows at both ends', () => {
    expect(step(0, -1, 6, 4)).toBe(0);
    expect(step(0, 1, 6, 4)).toBe(1);
    expect(step(2, 1, 6, 4)).toBe(2);
    expect(step(2, -1, 6, 4)).toBe(1);
  });

  it('shows 1 book on a phone, 2 on a tablet, 4 on a desktop', () => {
    expect(visibleForWidth(390, 4)).toBe(1);
    expect(visibleForWidth(800, 4)).toBe(2);
    expect(visibleForWidth(1280, 4)).toBe(4);
  });
});
