import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCartBookIds } from '../api/get-cart';

/** The header's cart: a link to My Cart with the number of books in it. */
export function CartLink() {
  const count = useCartBookIds()?.size ?? 0;
  return (
    <Link
      to={paths.user.cart}
      aria-label={`Cart (${count} ${count === 1 ? 'book' : 'books'})`}
      title="My Cart"
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-full border border-stone-200 bg-white text-stone-700 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <path
          d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="19.5" r="1.5" />
        <circle cx="17" cy="19.5" r="1.5" />
      </svg>
      {count > 0 && (
        <span
          data-testid="cart-count"
          aria-hidden
          className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[11px] font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
