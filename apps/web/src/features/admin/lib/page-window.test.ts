import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows every page up to 9', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(4, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('keeps the ends and the current page with its neighbours beyond 9', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 'gap', 19, 20]);
    expect(pageWindow(10, 20)).toEqual([1, 2, 'gap', 9, 10, 11, 'gap', 19, 20]);
    expect(pageWindow(20, 20)).toEqual([1, 2, 'gap', 19, 20]);
  });

  it('fills a gap of one page with that page instead of an ellipsis', () => {
    expect(pageWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 19, 20]);
    expect(pageWindow(3, 12)).toEqual([1, 2, 3, 4, 'gap', 11, 12]);
  });
});
