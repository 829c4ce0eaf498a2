import { z } from 'zod';

export const REVIEW_TEXT_MIN = 1;
export const REVIEW_TEXT_MAX = 2000;

/** POST/PUT /api/books/{id}/reviews/mine. */
export const reviewInputSchema = z.object({
  rating: z.coerce
    .number({ error: 'Choose from 1 to 5 stars.' })
    .int('Choose from 1 to 5 stars.')
    .min(1, 'Choose from 1 to 5 stars.')
    .max(5, 'Choose from 1 to 5 stars.'),
  text: z
    .string({ error: 'Please write a few words.' })
    .trim()
    .min(REVIEW_TEXT_MIN, 'Please write a few words.')
    .max(REVIEW_TEXT_MAX, `A review can be at most ${REVIEW_TEXT_MAX} characters.`),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  bookId: z.string(),
  userId: z.string(),
  /** The reviewer's name as shown. */
  name: z.string(),
  rating: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /api/books/{id}/reviews: newest first, with the caller's own and whether they may write one. */
export const reviewListSchema = z.object({
  reviews: z.array(reviewSchema),
  average: z.number().nullable(),
  count: z.number().int(),
  /** For a signed-in caller: their review (null if none) and whether they may review (they own it). */
  mine: reviewSchema.nullable().optional(),
  canReview: z.boolean().optional(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

/** A book's rating summary, as cards show it. */
export function averageRating(count: number, total: number): number | null {
  return count > 0 ? Math.round((total / count) * 10) / 10 : null;
}
