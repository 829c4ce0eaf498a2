/**
 * What other modules use of payment. Other modules import from here, never from the files inside.
 */
export type { Charge, ChargeResult, PaymentGateway } from './gateway/index.js';
export { requireOwnCard } from './payment.service.js';
