/** A placeholder the size of a BookCard, shown while books load. */
export function BookCardSkeleton() {
  return (
    <div
      aria-hidden
      className="flex w-full animate-pulse flex-row overflow-hidden rounded-2xl border border-stone-200 bg-white sm:flex-col"
    >
      <div className="w-28 shrink-0 self-start bg-stone-200 sm:w-full" style={{ aspectRatio: '300 / 400' }} />
      <div className="flex-1 space-y-2 p-3 sm:p-4">
        <div className="h-5 w-3/4 rounded bg-stone-200" />
        <div className="h-4 w-1/2 rounded bg-stone-200" />
        <div className="h-4 w-1/4 rounded bg-stone-200" />
        <div className="flex gap-2 pt-3">
          <div className="h-9 w-28 rounded-lg bg-stone-200" />
          <div className="h-9 w-14 rounded-lg bg-stone-200" />
        </div>
      </div>
    </div>
  );
}
