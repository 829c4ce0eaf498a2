import { useEffect, useState } from 'react';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_VISIBLE } from '@ebook/shared';
import { autoAdvance, lastStart, step, visibleForWidth } from '../lib/carousel';

/** How many items fit on the current screen; follows resizes. */
function useVisibleCount(max: number): number {
  const [visible, setVisible] = useState(() => visibleForWidth(window.innerWidth, max));
  useEffect(() => {
    const update = () => setVisible(visibleForWidth(window.innerWidth, max));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [max]);
  return visible;
}

/**
 * The carousel's state: advances every 3 s and wraps to the start; the arrows stop at the ends;
 * paused while the pointer or the keyboard focus is on it.
 */
export function useCarousel(count: number, { interval = CAROUSEL_INTERVAL_MS, max = CAROUSEL_VISIBLE } = {}) {
  const visible = useVisibleCount(max);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const end = lastStart(count, visible);
  const current = Math.min(index, end);

  useEffect(() => {
    if (paused || count <= visible) return;
    const timer = setInterval(() => setIndex((value) => autoAdvance(Math.min(value, end), count, visible)), interval);
    return () => clearInterval(timer);
  }, [paused, count, visible, end, interval]);

  return {
    index: current,
    visible,
    paused,
    atStart: current === 0,
    atEnd: current >= end,
    previous: () => setIndex((value) => step(Math.min(value, end), -1, count, visible)),
    next: () => setIndex((value) => step(Math.min(value, end), 1, count, visible)),
    pauseProps: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: React.FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      },
    },
  };
}
