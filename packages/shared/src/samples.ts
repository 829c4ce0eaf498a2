/**
 * Samples' page counts and states, without schemas: the document worker, which cuts samples, imports
 * these and nothing that needs zod.
 */

/** A sample's page count an author or admin may choose. */
export const SAMPLE_PAGES_MIN = 1;
export const SAMPLE_PAGES_MAX = 50;
/** The sample without a chosen count: 10% of the pages, at most this many. */
export const SAMPLE_PAGES_DEFAULT_MAX = 20;

export const SAMPLE_STATUSES = ['pending', 'ready', 'failed'] as const;
/** pending: not cut yet (cut on the first request); ready: stored; failed: the PDF could not be cut. */
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

/** How many pages a sample of a book of `total` pages has: never more than half the book. */
export function samplePageCount(total: number, chosen: number | null | undefined): number {
  const wanted = chosen ?? Math.min(SAMPLE_PAGES_DEFAULT_MAX, Math.ceil(total / 10));
  return Math.max(0, Math.min(wanted, Math.floor(total / 2)));
}
