/**
 * What other modules use of auth. Other modules import from here, never from the files inside.
 */
export { normaliseEmail } from './auth.service.js';
export { googleConfigured } from './google.service.js';
