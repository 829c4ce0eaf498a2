/** What `waitAtMost` answers when the work is not done in time (the work itself goes on). */
export const STILL_WORKING = Symbol('still working');

/**
 * Waits for `work` at most `ms`: its result, or STILL_WORKING. A request that must not hang on slow
 * work (a stamped copy, a sample being cut) answers 202 with Retry-After instead, and a later request
 * finds the result. A rejection after the wait ends is the later request's to see.
 */
export async function waitAtMost<T>(work: Promise<T>, ms: number): Promise<T | typeof STILL_WORKING> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof STILL_WORKING>((resolve) => {
    timer = setTimeout(() => resolve(STILL_WORKING), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
