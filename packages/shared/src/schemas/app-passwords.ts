import { z } from 'zod';
import { accountPasswordSchema } from './auth.js';

/** App passwords one member may keep at once (one per e-reader app or device is plenty). */
export const APP_PASSWORDS_PER_MEMBER = 20;
export const APP_PASSWORD_NAME_MAX = 60;

/** POST /api/users/me/app-passwords: a name to recognise the app or device by, and the account password. */
export const createAppPasswordSchema = z.object({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(APP_PASSWORD_NAME_MAX, `Name must be at most ${APP_PASSWORD_NAME_MAX} characters`),
  password: accountPasswordSchema,
});
export type CreateAppPasswordInput = z.infer<typeof createAppPasswordSchema>;

/** An app password as listed: never its secret. */
export const appPasswordSchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AppPassword = z.infer<typeof appPasswordSchema>;

export const appPasswordListSchema = z.object({ appPasswords: z.array(appPasswordSchema) });
export type AppPasswordList = z.infer<typeof appPasswordListSchema>;

/** The answer to a creation: the only time the password itself is shown. */
export const createdAppPasswordSchema = z.object({ appPassword: appPasswordSchema, password: z.string() });
export type CreatedAppPassword = z.infer<typeof createdAppPasswordSchema>;
