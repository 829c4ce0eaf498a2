import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { opdsAddress } from '@/lib/opds';
import { useStoreContact } from '@/lib/store-currency';
import { NAV_LINKS } from './nav-links';

export function Footer() {
  const store = useStoreContact();
  return (
    <footer className="border-t border-stone-200 bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-serif text-xl font-bold text-white">{store.name}</p>
          <p className="mt-2 text-sm">Free classics and new e-books, ready to read on any device.</p>
          <p className="mt-2 text-sm" data-testid="footer-opds">
            E-reader apps (OPDS): {/* The raw catalogue is for apps: people get a page that says how to add it. */}
            <Link to={paths.ereaders} className="break-all text-stone-100 underline hover:text-white">
              {opdsAddress()}
            </Link>
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Explore</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href={`tel:${store.phone.replace(/\s/g, '')}`} className="hover:text-white hover:underline">
                {store.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${store.email}`} className="hover:text-white hover:underline">
                {store.email}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs text-stone-300">
        © {new Date().getFullYear()} {store.name}. All rights reserved.
      </p>
    </footer>
  );
}
