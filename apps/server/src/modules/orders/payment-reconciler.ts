import fp from 'fastify-plugin';
import { orderPlacedListener } from './order-placed.js';
import { reconcilePayments, type ReconcileReport } from './reconcile.service.js';
import { refundListener, reconcileRefunds } from '../shop/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    paymentReconciler: {
      /** One pass now (tests and operators); resolves with what it settled. */
      runOnce(now?: Date): Promise<ReconcileReport & { refundsCompleted: number }>;
    };
  }
}

/**
 * Runs the payment reconciler at start-up and then every PAYMENT_RECONCILE_INTERVAL_MS (0 turns both
 * off, e.g. on copies that should not reconcile). One pass at a time per process; several processes
 * are safe together (see reconcile.service.ts). A failed pass is logged and the next one tries again.
 */
export default fp(
  async (app) => {
    const intervalMs = app.config.PAYMENT_RECONCILE_INTERVAL_MS;
    const onOrderPlaced = orderPlacedListener(app);
    const onRefunded = refundListener(app);
    const runOnce = async (now?: Date) => {
      const report = await reconcilePayments(app.db, app.paymentGateway, {
        attemptTimeoutMs: app.config.PAYMENT_ATTEMPT_TIMEOUT_MS,
        now,
        onOrderPlaced,
      });
      // Refunds left pending by a crash between the gateway and the store's records.
      const refundsCompleted = await reconcileRefunds(app, {
        now,
        graceMs: Math.min(30_000, app.config.PAYMENT_ATTEMPT_TIMEOUT_MS / 4),
        onRefunded,
      });
      return { ...report, refundsCompleted };
    };
    app.decorate('paymentReconciler', { runOnce });
    if (intervalMs === 0) return;

    let running: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;
    const pass = () => {
      running ??= runOnce()
        .then((report) => {
          const settled =
            report.completed + report.refunded + report.declined + report.expired + report.refundsCompleted;
          if (settled > 0) app.log.info({ reconciled: report }, 'payment attempts reconciled');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'payment reconciliation failed'))
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      pass();
      timer = setInterval(pass, intervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'payment-reconciler', dependencies: ['db', 'payment-gateway', 'mail', 'caches'] },
);
