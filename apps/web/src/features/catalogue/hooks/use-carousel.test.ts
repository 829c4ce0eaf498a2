import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCarousel } from './use-carousel';

describe('useCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.innerWidth = 1280;
  });
  afterEach(() => vi.useRealTimers());

  it('advances every 3 seconds and wraps to the start', () => {
    const { result } = renderHook(() => useCarousel(6));
    expect(result.current).toMatchObject({ index: 0, visible: 4, atStart: true, atEnd: false });
    act(() => void vi.advanceTimersByTime(3000));
    expect(result.current.index).toBe(1);
    act(() => void vi.advanceTimersByTime(3000));
    expect(result.current).toMatchObject({ index: 2, atEnd: true });
    act(() => void vi.advanceTimersByTime(3000));
    expect(result.current.index).toBe(0);
  });

  it('pauses while hovered and moves only by the arrows', () => {
    const { result } = renderHook(() => useCarousel(6));
    act(() => result.current.pauseProps.onMouseEnter());
    act(() => void vi.advanceTimersByTime(9000));
    expect(result.current).toMatchObject({ index: 0, paused: true });
    act(() => result.current.next());
    act(() => result.current.next());
    act(() => result.current.next());
    expect(result.current.index).toBe(2);
    act(() => result.current.pauseProps.onMouseLeave());
    act(() => void vi.advanceTimersByTime(3000));
    expect(result.current.index).toBe(0);
  });

  it('stands still when every book fits', () => {
    const { result } = renderHook(() => useCarousel(3));
    act(() => void vi.advanceTimersByTime(9000));
    expect(result.current).toMatchObject({ index: 0, atStart: true, atEnd: true });
  });

  it('shows one book at a time on a phone', () => {
    window.innerWidth = 390;
    const { result } = renderHook(() => useCarousel(6));
    expect(result.current.visible).toBe(1);
  });
});
