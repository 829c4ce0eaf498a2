import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';

const passwordTooShort = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

// Generous upper bounds keep megabyte strings out of argon2 and the database.
const MAX_PASSWORD = 256;

/** Login form and POST /api/auth/login. */
export const loginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Please enter a valid email')
    .pipe(z.email('Please enter a valid email')),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(MAX_PASSWORD, 'Password is too long')
    .min(PASSWORD_MIN_LENGTH, passwordTooShort),
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

const nameSchema = z
  .string({ error: 'Full name is required' })
  .trim()
  .min(1, 'Full name is required')
  .max(100, 'Name must be at most 100 characters');

/** A phone number as sent by the signup form: a leading plus and 6 to 15 digits. */
export const phoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+\d{6,15}$/, 'Enter a valid phone number with its country code'));

/** POST /api/auth/register. A role in the body is not part of the schema, so it is ignored. */
export const registerSchema = z.object({
  name: nameSchema,
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Enter a valid email address')
    .pipe(z.email('Enter a valid email address')),
  phone: phoneSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(MAX_PASSWORD, 'Password is too long')
    .min(PASSWORD_MIN_LENGTH, passwordTooShort),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The signup form: the register payload plus the confirmation. */
export const signupFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type SignupForm = z.input<typeof signupFormSchema>;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(['admin', 'member']),
  profileImage: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** PUT /api/users/me (JSON form; profileImage may be a data URL or raw base64 JPEG, or null to remove). */
export const profileUpdateSchema = z.object({
  name: nameSchema.optional(),
  phone: phoneSchema.optional(),
  profileImage: z.string().max(3_000_000, 'Profile image is too large').nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** A new password, by the signup rules (the server also refuses breached ones). */
export const newPasswordSchema = registerSchema.shape.password;

/** POST /api/auth/forgot-password. */
export const forgotPasswordSchema = z.object({ email: registerSchema.shape.email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /api/auth/reset-password: the token from the e-mailed link and the new password. */
export const resetPasswordSchema = z.object({
  token: z.string().trim().min(1, 'This reset link is not valid.').max(200, 'This reset link is not valid.'),
  password: newPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset page's form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** The account password, to confirm an action on the account itself. */
export const accountPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(MAX_PASSWORD);

/** PUT /api/users/me/password; `revokeAppPasswords` also signs out every e-reader app. */
export const passwordChangeSchema = z.object({
  currentPassword: accountPasswordSchema,
  newPassword: newPasswordSchema,
  revokeAppPasswords: z.boolean().optional(),
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** The profile's change-password form. */
export const passwordChangeFormSchema = passwordChangeSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type PasswordChangeForm = z.input<typeof passwordChangeFormSchema>;

/** DELETE /api/users/me: the password confirms it. */
export const accountDeleteSchema = z.object({ password: accountPasswordSchema });
export type AccountDeleteInput = z.infer<typeof accountDeleteSchema>;
