import { z } from 'zod';

export const NOTIFICATION_KINDS = [
  'order-placed',
  'order-refunded',
  'submission-approved',
  'submission-rejected',
  'price-dropped',
  'new-submission',
  'new-contact-message',
  'new-member',
  'document-failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A web-app route to open (hash route path), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the newest first, and how many are unread in all. */
export const notificationListSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number() });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

/** The contact form (POST /api/contact). */
export const contactMessageInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Keep your name under 100 characters'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Please enter a valid email')
    .pipe(z.email('Please enter a valid email')),
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Keep the subject under 200 characters'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(5000, 'Keep the message under 5000 characters'),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageSchema = contactMessageInputSchema.extend({
  _id: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessageListSchema = z.object({
  messages: z.array(contactMessageSchema),
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type ContactMessageList = z.infer<typeof contactMessageListSchema>;

export const contactMessageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
