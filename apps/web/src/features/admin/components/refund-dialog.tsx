/**
 * Refund an order: every book still owned is ticked; the admin may untick some and must give a
 * reason. One Idempotency-Key per opened dialog, so a double click or a retry refunds once.
 */
import { useId, useState } from 'react';
import { formatMoney, type AdminOrder } from '@ebook/shared';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { showError, showSuccess } from '@/lib/alerts';
import { errorText } from '@/lib/errors';
import { useRefundOrder } from '../api/refund-order';

const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export function RefundDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const open = order.items.filter((item) => !item.refunded);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(open.map((item) => item._id)));
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [idempotencyKey] = useState(newKey);
  const refund = useRefundOrder();
  const reasonId = useId();
  const reasonError = reason.trim().length < 3 ? 'Please give a reason for the refund.' : null;
  const amount = open.filter((item) => chosen.has(item._id)).reduce((sum, item) => sum + item.priceCents, 0);

  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = async () => {
    setTouched(true);
    if (reasonError || chosen.size === 0) return;
    try {
      const whole = chosen.size === open.length;
      await refund.mutateAsync({
        orderId: order._id,
        idempotencyKey,
        reason: reason.trim(),
        items: whole ? undefined : [...chosen],
      });
      onClose();
      void showSuccess('Refunded', `${formatMoney(amount, order.currency)} of order ${order.number} was refunded.`);
    } catch (error) {
      void showError('Error!', 'The refund could not be made.', errorText(error));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Refund order ${order.number}`}
      footer={
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="font-semibold text-stone-900" data-testid="refund-amount">
            Refund {formatMoney(amount, order.currency)}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onClose} disabled={refund.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => void submit()}
              loading={refund.isPending}
              disabled={chosen.size === 0}
            >
              Refund
            </Button>
          </div>
        </div>
      }
    >
      <fieldset>
        <legend className="text-sm font-medium text-stone-700">Books to refund</legend>
        <ul className="mt-2 space-y-2">
          {open.map((item) => (
            <li key={item._id}>
              <label className="flex items-center gap-3">
                <input
                  type="checkbox"
                  checked={chosen.has(item._id)}
                  onChange={() => toggle(item._id)}
                  className="h-4 w-4 rounded border-stone-400"
                />
                <span className="flex-1 text-stone-900">{item.title}</span>
                <span className="text-stone-700">{formatMoney(item.priceCents, order.currency)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <label htmlFor={reasonId} className="mt-5 block text-sm font-medium text-stone-700">
        Reason
      </label>
      <textarea
        id={reasonId}
        value={reason}
        maxLength={500}
        rows={3}
        onChange={(event) => setReason(event.target.value)}
        onBlur={() => setTouched(true)}
        aria-invalid={touched && Boolean(reasonError)}
        aria-describedby={touched && reasonError ? `${reasonId}-error` : undefined}
        className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-stone-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
      />
      {touched && reasonError && (
        <p id={`${reasonId}-error`} className="mt-1 text-sm text-red-700">
          {reasonError}
        </p>
      )}
      <p className="mt-3 text-sm text-stone-600">
        The buyer gets the money back on their card, loses the refunded books from their library, and is told by e-mail.
      </p>
    </Modal>
  );
}
