/**
 * What other modules use of app-passwords. Other modules import from here, never from the files inside.
 */
export { authenticateAppPassword } from './app-passwords.service.js';
export type { AppPasswordUser } from './app-passwords.service.js';
