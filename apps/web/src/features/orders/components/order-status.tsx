import type { Order } from '@ebook/shared';

const LABELS: Record<Order['status'], string> = {
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

export function OrderStatus({ status }: { status: Order['status'] }) {
  const style =
    status === 'paid' ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-800 ring-amber-200';
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${style}`}>
      {LABELS[status]}
    </span>
  );
}

export const cardName = (order: Pick<Order, 'cardBrand' | 'cardLast4'>) =>
  order.cardLast4
    ? `${order.cardBrand ? order.cardBrand.charAt(0).toUpperCase() + order.cardBrand.slice(1) : 'Card'} ending in ${order.cardLast4}`
    : null;
