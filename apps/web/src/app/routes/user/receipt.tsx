import { Link, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { OrderReceipt } from '@/features/orders/components/order-receipt';

export default function Route() {
  const { id = '' } = useParams();
  return (
    <div className="space-y-4">
      <Link to={paths.user.orders} className="text-sm font-medium text-brand-700 hover:underline print:hidden">
        ← All orders
      </Link>
      <OrderReceipt orderId={id} />
    </div>
  );
}
