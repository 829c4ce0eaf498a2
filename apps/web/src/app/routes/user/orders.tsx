import { OrderHistory } from '@/features/orders/components/order-history';

export default function Route() {
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">Orders</h1>
      <OrderHistory />
    </div>
  );
}
