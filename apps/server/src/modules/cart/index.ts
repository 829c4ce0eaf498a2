/**
 * What other modules use of cart. Other modules import from here, never from the files inside.
 */
export { requirePublicBook } from './cart.service.js';
