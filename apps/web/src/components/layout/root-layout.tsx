import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from './footer';
import { Navbar } from './navbar';
import type { AccountBadges } from './side-menu';

/** Every page: the fixed navigation bar, the page, the footer; each route change scrolls to the top. */
export function RootLayout({
  memberActions,
  accountBadges,
}: {
  memberActions?: ReactNode;
  accountBadges?: AccountBadges;
}) {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar memberActions={memberActions} accountBadges={accountBadges} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
