import { paths } from '@/config/paths';

export const NAV_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.about, label: 'About' },
  { to: paths.library, label: 'Library' },
  { to: paths.contact, label: 'Contact' },
] as const;
