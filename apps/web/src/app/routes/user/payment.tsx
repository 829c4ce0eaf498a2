import { PaymentPage } from '@/features/payment/components/payment-page';

export default function Route() {
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">Payment</h1>
      <PaymentPage />
    </div>
  );
}
