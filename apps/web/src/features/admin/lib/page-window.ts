/**
 * Which page numbers to show as buttons: all of them up to 9 pages; beyond that the first, the last
 * and the current page with its neighbours, with gaps ('gap') between, so a large catalogue does not
 * become a wall of buttons.
 */
export function pageWindow(current: number, pages: number): Array<number | 'gap'> {
  if (pages <= 9) return Array.from({ length: pages }, (_, index) => index + 1);
  const shown = new Set([1, 2, pages - 1, pages, current - 1, current, current + 1]);
  const numbers = [...shown].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const result: Array<number | 'gap'> = [];
  numbers.forEach((n, index) => {
    const previous = numbers[index - 1];
    if (previous !== undefined && n - previous === 2) result.push(n - 1);
    else if (previous !== undefined && n - previous > 2) result.push('gap');
    result.push(n);
  });
  return result;
}
