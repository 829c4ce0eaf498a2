import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';

/**
 * Every error the API returns has this shape. `msg` is meant for people; `code` is for programs.
 * `details`: what the request got wrong, field by field (`{ path, message }[]` for VALIDATION_ERROR).
 */
export const errorResponseSchema = z.object({
  msg: z.string(),
  code: z.enum(ERROR_CODES),
  details: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
