/** One item open at a time; clicking the open one closes it. */
export function toggleOpen(open: number | null, clicked: number): number | null {
  return open === clicked ? null : clicked;
}
