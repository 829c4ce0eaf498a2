/**
 * What other modules use of the shop's back office: the admin's order list, and refunds for the
 * payment reconciler.
 */
export { listAdminOrders } from './admin-orders.service.js';
export { presentAdminOrder } from './admin-orders.presenter.js';
export { refundListener } from './refund-announced.js';
export { reconcileRefunds } from './refunds.service.js';
