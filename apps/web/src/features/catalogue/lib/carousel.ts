/** Index arithmetic of the home carousel, kept pure so it is tested on its own. */

/** The last first-visible index: the track cannot scroll past its end. */
export function lastStart(count: number, visible: number): number {
  return Math.max(0, count - visible);
}

/** The automatic step: one forward, and back to the start after the end. */
export function autoAdvance(index: number, count: number, visible: number): number {
  return index >= lastStart(count, visible) ? 0 : index + 1;
}

/** An arrow step: one either way, stopping at the ends. */
export function step(index: number, delta: -1 | 1, count: number, visible: number): number {
  return Math.min(lastStart(count, visible), Math.max(0, index + delta));
}

/** How many books fit: 1 on a phone, 2 on a tablet, the configured number on wider screens. */
export function visibleForWidth(width: number, max: number): number {
  if (width < 640) return 1;
  if (width < 1024) return Math.min(2, max);
  return max;
}
