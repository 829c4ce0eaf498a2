/**
 * The admin area's API contract: member management, the overview counts and the submissions
 * notifications. Book approval and book management live in the books contract.
 */
import { z } from 'zod';
import { BOOK_STATUSES, PAGE_SIZE } from '../constants.js';
import { userSchema } from './auth.js';
import { adminOrderSchema } from './admin-orders.js';

/**
 * GET /api/users/ query. Without `page` the answer is the plain list of members the specification's
 * client expects; with `page` (and optional `limit`) it is one page: `{ users, total, page, limit }`.
 */
export const memberListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  /** Part of a member's name or e-mail (with `page`). */
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.members),
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;

/** A member as the admin sees them: with whether they are suspended. */
export const adminMemberSchema = userSchema.extend({ suspended: z.boolean() });
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const memberPageSchema = z.object({
  users: z.array(adminMemberSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type MemberPage = z.infer<typeof memberPageSchema>;

export const memberListResponseSchema = z.union([z.array(userSchema), memberPageSchema]);

/**
 * GET /api/admin/overview. `totalBooks` counts the books in the public catalogue (status added or
 * approved); `pendingBooks` counts submissions waiting for review.
 */
export const adminOverviewSchema = z.object({
  members: z.number().int(),
  totalBooks: z.number().int(),
  pendingBooks: z.number().int(),
  /** The store currency (ISO 4217), so the admin screens format prices as the store charges them. */
  currency: z.string(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const notificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(20),
});

/** One member submission, as the notification bell lists it. */
export const adminNotificationSchema = z.object({
  _id: z.string(),
  bookId: z.string(),
  title: z.string(),
  author: z.string(),
  /** The submitter's name; 'Unknown' when the account is gone, 'Admin' when an admin added it. */
  memberName: z.string(),
  status: z.enum(BOOK_STATUSES),
  createdAt: z.string(),
});
export type AdminNotification = z.infer<typeof adminNotificationSchema>;

/** GET /api/admin/notifications: the newest submissions first. */
export const adminNotificationsResponseSchema = z.array(adminNotificationSchema);

/** Who submitted a book, with the specification's fallbacks. */
export function submitterName(userId: string | null | undefined, name: string | null | undefined): string {
  if (!userId) return 'Admin';
  return name?.trim() ? name : 'Unknown';
}

/** GET /api/admin/members/{id}: a member's page for the admin. */
export const memberDetailSchema = z.object({
  member: adminMemberSchema,
  orders: z.array(adminOrderSchema),
  ordersTotal: z.number().int(),
  owned: z.array(z.object({ _id: z.string(), title: z.string(), author: z.string(), purchasedAt: z.string() })),
  submissions: z.array(
    z.object({ _id: z.string(), title: z.string(), status: z.enum(BOOK_STATUSES), createdAt: z.string() }),
  ),
  reviews: z.array(
    z.object({
      _id: z.string(),
      bookId: z.string(),
      title: z.string(),
      rating: z.number().int(),
      text: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;
