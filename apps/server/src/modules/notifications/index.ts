/**
 * What other modules use of notifications. Other modules import from here, never from the files inside.
 */
export { notifyAdmins, notifyPriceDrop, notifyUsers } from './notifications.service.js';
