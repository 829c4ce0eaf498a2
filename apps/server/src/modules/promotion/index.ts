/**
 * What other modules use of promotion. Other modules import from here, never from the files inside.
 */
export { getRunningPromotion } from './promotion.service.js';
