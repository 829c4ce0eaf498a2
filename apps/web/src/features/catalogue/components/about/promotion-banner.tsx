import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePromotion } from '@/lib/store-currency';

const endDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The store-wide promotion running now (hidden when none), on the home and About pages; Shop Now opens the library's paid books. */
export function PromotionBanner() {
  const promotion = usePromotion();
  if (!promotion) return null;
  return (
    <section aria-labelledby="offer" className="mx-auto max-w-6xl px-4" data-testid="promotion-banner">
      <div className="flex flex-col items-center justify-between gap-6 rounded-3xl bg-gradient-to-r from-brand-700 to-brand-600 px-8 py-10 text-white shadow-lg sm:flex-row">
        <div>
          <h2 id="offer" className="font-serif text-3xl font-bold">
            {promotion.percentOff}% off
          </h2>
          <p className="mt-1 text-white">on every paid e-book until {endDate.format(new Date(promotion.endsAt))}.</p>
        </div>
        <Link
          to={`${paths.library}?type=paid`}
          className="rounded-xl bg-white px-6 py-3 font-semibold text-brand-700 shadow hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Shop Now
        </Link>
      </div>
    </section>
  );
}
