/**
 * The book page's Reviews tab: every review, newest first; an owner writes, edits or removes theirs;
 * an admin removes any; a visitor is told how to review.
 */
import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Review } from '@ebook/shared';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { confirmThenRun } from '@/lib/alerts';
import { Spinner } from '@/components/ui/spinner';
import { StarRating } from '@/components/ui/star-rating';
import { useRemoveReview, useReviews } from '../api/reviews';
import { Button } from '@/components/ui/button';

// The form (and the validation it brings) only for a reader who may review: a visitor's book page
// does not load it.
const ReviewForm = lazy(() => import('./review-form').then((module) => ({ default: module.ReviewForm })));

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function ReviewsPanel({ bookId }: { bookId: string }) {
  const me = useMe();
  const reviews = useReviews(bookId);
  const remove = useRemoveReview(bookId);
  const [editing, setEditing] = useState(false);
  if (reviews.isPending) return <Spinner label="Loading reviews" />;
  if (reviews.isError) return <p className="text-stone-600">Reviews could not be loaded.</p>;
  const { reviews: list, mine, canReview, average, count } = reviews.data;
  const isAdmin = me.data?.role === 'admin';

  const onRemove = (review: Review, own: boolean) =>
    confirmThenRun({
      confirm: {
        title: 'Are you sure?',
        text: own ? 'This will remove your review.' : 'This will remove the review.',
        confirmText: 'Remove',
      },
      action: () => remove.mutateAsync(own ? null : review._id),
      success: ['Removed', 'Review removed.'],
      failure: ['Error', 'Failed to remove the review.'],
    });

  return (
    <div className="space-y-6">
      <StarRating rating={{ average, count }} />
      {!me.data ? (
        <p className="text-stone-700" data-testid="review-how">
          <Link to={paths.login} className="font-semibold text-brand-700 underline">
            Log in
          </Link>{' '}
          to review this book. Readers who bought it, or downloaded it free while signed in, can rate it and write a
          review.
        </p>
      ) : mine && !editing ? (
        <div className="rounded-xl bg-brand-50 p-4" data-testid="my-review">
          <p className="text-sm font-semibold text-stone-800">Your review</p>
          <p className="text-amber-700" aria-label={`${mine.rating} out of 5 stars`} role="img">
            {'★'.repeat(mine.rating)}
          </p>
          <p className="mt-1 whitespace-pre-line text-stone-800">{mine.text}</p>
          <div className="mt-3 flex gap-3">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Edit Review
            </Button>
            <Button variant="danger-outline" size="sm" onClick={() => void onRemove(mine, true)}>
              Remove Review
            </Button>
          </div>
        </div>
      ) : canReview ? (
        <Suspense fallback={<Spinner label="Loading the review form" />}>
          <ReviewForm bookId={bookId} mine={editing ? (mine ?? null) : null} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <p className="text-stone-700" data-testid="review-how">
          Only readers who own this book can review it: buy it, or download it if it is free, to leave a review.
        </p>
      )}
      {list.length === 0 ? (
        <p className="text-stone-600">No reviews yet. Be the first to review this book!</p>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label="Reviews">
          {list.map((review) => (
            <li key={review._id} className="py-4" data-testid="review">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold text-stone-900">{review.name}</p>
                <p className="text-sm text-stone-600">{dateFormat.format(new Date(review.createdAt))}</p>
              </div>
              <p className="text-amber-700" aria-label={`${review.rating} out of 5 stars`} role="img">
                {'★'.repeat(review.rating)}
              </p>
              <p className="mt-1 whitespace-pre-line text-stone-800">{review.text}</p>
              {isAdmin && (
                <Button
                  variant="danger-outline"
                  size="sm"
                  className="mt-2"
                  onClick={() => void onRemove(review, false)}
                  aria-label={`Remove the review by ${review.name}`}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
