/** A book's average stars and review count ("4.5 ★ (12 reviews)"); nothing before the first review. */
export function StarRating({ rating }: { rating: { average: number | null; count: number } }) {
  if (rating.count === 0 || rating.average === null) return null;
  const label = `Rated ${rating.average.toFixed(1)} out of 5 by ${rating.count} ${rating.count === 1 ? 'reader' : 'readers'}`;
  const full = Math.round(rating.average);
  return (
    <p
      className="flex items-center gap-1 text-sm text-stone-700"
      data-testid="book-rating"
      aria-label={label}
      role="img"
    >
      <span aria-hidden className="tracking-tight text-amber-600">
        {'★'.repeat(full)}
        <span className="text-stone-500">{'★'.repeat(5 - full)}</span>
      </span>
      <span aria-hidden>
        {rating.average.toFixed(1)} ({rating.count})
      </span>
    </p>
  );
}
