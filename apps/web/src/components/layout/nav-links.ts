import { paths } from '@/config/paths';

export const NAV_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.about, label: 'About' },
  { to: paths.library, label: 'Library' },
  { to: paths.contact, label: 'Contact' },
] as const;

/**
 * A signed-in user's own area, in the phone menu: on a phone the header's menu is the only menu, so
 * it holds the dashboard's sections too (the sidebar shows them on wider screens).
 */
export const ACCOUNT_LINKS = {
  member: [
    { to: paths.user.root, label: 'Dashboard' },
    { to: paths.user.books, label: 'Books' },
    { to: paths.user.profile, label: 'Profile' },
    { to: paths.user.favourites, label: 'Favourites' },
    { to: paths.user.cart, label: 'Cart' },
    { to: paths.user.payment, label: 'Payment' },
    { to: paths.user.owned, label: 'My Library' },
    { to: paths.user.orders, label: 'Orders' },
  ],
  admin: [
    { to: paths.admin.root, label: 'Dashboard' },
    { to: paths.admin.members, label: 'Members' },
    { to: paths.admin.books, label: 'Books' },
    { to: paths.admin.orders, label: 'Orders' },
    { to: paths.admin.sales, label: 'Sales' },
    { to: paths.admin.imports, label: 'Import & export' },
    { to: paths.admin.messages, label: 'Messages' },
  ],
} as const;
