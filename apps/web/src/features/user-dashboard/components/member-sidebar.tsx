import { DashboardSidebar, type DashboardSidebarState, type SidebarEntry } from '@/components/ui/dashboard-sidebar';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';

/** The entries of the specification plus My Library and Orders; its hidden Add Book entry is routed, not shown. */
const ENTRIES: SidebarEntry[] = [
  { to: paths.user.root, label: 'Dashboard', icon: 'home', end: true },
  { to: paths.user.books, label: 'Books', icon: 'book' },
  { to: paths.user.profile, label: 'Profile', icon: 'profile' },
  { to: paths.user.favourites, label: 'Favourites', icon: 'heart' },
  { to: paths.user.cart, label: 'Cart', icon: 'cart' },
  { to: paths.user.payment, label: 'Payment', icon: 'card' },
  { to: paths.user.owned, label: 'My Library', icon: 'library' },
  { to: paths.user.orders, label: 'Orders', icon: 'receipt' },
  { to: paths.user.addBookHidden, label: 'Add Book', icon: 'add', hidden: true },
];

/** The member dashboard's sidebar. */
export function MemberSidebar(state: DashboardSidebarState) {
  const { data: user } = useMe();
  return (
    <DashboardSidebar
      id="member-sidebar"
      label="Dashboard menu"
      navLabel="Dashboard"
      entries={ENTRIES}
      detail={user?.email ?? ''}
      fallbackName="guest"
      {...state}
    />
  );
}
