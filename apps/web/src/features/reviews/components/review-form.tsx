import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { REVIEW_TEXT_MAX, reviewInputSchema, type Review, type ReviewInput } from '@ebook/shared';
import { showError, showSuccess } from '@/lib/alerts';
import { errorReason } from '@/lib/errors';
import { useSaveReview } from '../api/reviews';
import { Button } from '@/components/ui/button';

type FormInput = { rating: string; text: string };

/** Stars (a radio group) and a text; the first review is created, a later save edits it. */
export function ReviewForm({ bookId, mine, onDone }: { bookId: string; mine: Review | null; onDone: () => void }) {
  const ids = useId();
  const save = useSaveReview(bookId);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<FormInput, unknown, ReviewInput>({
    resolver: zodResolver(reviewInputSchema) as never,
    defaultValues: { rating: mine ? String(mine.rating) : '', text: mine?.text ?? '' },
  });
  const rating = Number(watch('rating') || 0);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ input, editing: Boolean(mine) });
      void showSuccess(mine ? 'Review updated.' : 'Thank you for your review!');
      onDone();
    } catch (error) {
      void showError('Error', 'Failed to save your review.', errorReason(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-label="Write a review">
      <fieldset aria-describedby={errors.rating ? `${ids}-rating-error` : undefined}>
        <legend className="text-sm font-medium text-stone-800">Your rating</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="cursor-pointer">
              <input type="radio" value={value} className="peer sr-only" {...register('rating')} />
              <span
                aria-hidden
                className={`block rounded px-0.5 text-3xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${
                  value <= rating ? 'text-amber-600' : 'text-stone-500'
                }`}
              >
                ★
              </span>
              <span className="sr-only">{value === 1 ? '1 star' : `${value} stars`}</span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id={`${ids}-rating-error`} role="alert" className="text-sm text-red-700">
            {errors.rating.message}
          </p>
        )}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={`${ids}-text`} className="block text-sm font-medium text-stone-800">
          Your review
        </label>
        <textarea
          id={`${ids}-text`}
          rows={4}
          maxLength={REVIEW_TEXT_MAX}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? `${ids}-text-error` : undefined}
          className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
          {...register('text')}
        />
        {errors.text && (
          <p id={`${ids}-text-error`} role="alert" className="text-sm text-red-700">
            {errors.text.message}
          </p>
        )}
      </div>
      <div className="flex gap-3">
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? 'Saving...' : mine ? 'Update Review' : 'Submit Review'}
        </Button>
        {mine && (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
