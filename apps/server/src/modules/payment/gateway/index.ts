import fp from 'fastify-plugin';
import type { PaymentGateway } from './payment-gateway.js';
import { SimulatedGateway, simulatedGatewaySecret } from './simulated-gateway.js';

declare module 'fastify' {
  interface FastifyInstance {
    paymentGateway: PaymentGateway;
  }
}

/**
 * Decorates the app with the payment gateway: the simulated one (a real processor plugs in here). Its
 * ledger and key live in SIMULATED_GATEWAY_DIR, apart from the store's data. With NODE_ENV=production
 * the configuration refuses it unless ALLOW_SIMULATED_PAYMENTS=true, and then it says so at start-up.
 */
export const paymentGatewayPlugin = fp(
  async (app) => {
    const { gatewayDir, SIMULATED_GATEWAY_SECRET, NODE_ENV } = app.config;
    const gateway = new SimulatedGateway(gatewayDir, simulatedGatewaySecret(gatewayDir, SIMULATED_GATEWAY_SECRET));
    app.decorate('paymentGateway', gateway);
    app.addHook('onClose', () => gateway.close());
    if (NODE_ENV === 'production') {
      app.log.warn(
        { gatewayDir },
        'Payments are SIMULATED (ALLOW_SIMULATED_PAYMENTS=true): test cards are accepted and no money moves. ' +
          'Do not take real orders with this store.',
      );
    }
  },
  { name: 'payment-gateway' },
);

export type { Charge, ChargeResult, PaymentGateway } from './payment-gateway.js';
