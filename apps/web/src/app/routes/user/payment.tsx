import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PaymentPage } from '@/features/payment/components/payment-page';

/** Only an address inside the app (a path of this site) is a way back, never another site. */
const localPath = (value: string | null) => (value && value.startsWith('/') && !value.startsWith('//') ? value : null);

export default function Route() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // "Add a card" from the checkout: back to the checkout with the new card chosen.
  const returnTo = localPath(params.get('returnTo'));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold text-stone-900">Payment</h1>
        {returnTo && (
          <Link to={returnTo} className="text-sm font-medium text-brand-700 underline">
            Back to checkout
          </Link>
        )}
      </div>
      <PaymentPage
        onAdded={(card) => {
          if (!returnTo) return;
          const separator = returnTo.includes('?') ? '&' : '?';
          void navigate(`${returnTo}${separator}card=${encodeURIComponent(card._id)}`);
        }}
      />
    </div>
  );
}
