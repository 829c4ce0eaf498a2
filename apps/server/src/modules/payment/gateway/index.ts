import fp from 'fastify-plugin';
import type { PaymentGateway } from './payment-gateway.js';
import { SimulatedGateway } from './simulated-gateway.js';

declare module 'fastify' {
  interface FastifyInstance {
    paymentGateway: PaymentGateway;
  }
}

/** Decorates the app with the payment gateway (the simulated one; a real processor plugs in here). */
export const paymentGatewayPlugin = fp(
  async (app) => {
    app.decorate('paymentGateway', new SimulatedGateway(app.db, app.config.JWT_SECRET));
  },
  { name: 'payment-gateway', dependencies: ['db'] },
);

export type { PaymentGateway } from './payment-gateway.js';
