/**
 * The route tree of the specification (hash addresses). Every screen is its own chunk, so a visitor
 * on the home page never downloads the dashboards.
 */
import type { ComponentType } from 'react';
import { Outlet, createHashRouter, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { RootLayout } from '@/components/layout/root-layout';
import { UnreadMessagesBadge } from '@/features/admin/components/unread-messages-badge';
import { paths } from '@/config/paths';
import { RouteError } from '@/components/layout/route-error';
import { isBookId } from '@/lib/book-id';
import { getBookQueryOptions } from '@/lib/get-book';
import { queryClient } from '@/lib/query-client';
import { reloadOnceForNewVersion } from '@/lib/stale-chunk';
import { storeInfoQueryOptions } from '@/lib/store-currency';
import { HeaderActions } from './header-actions';

const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    try {
      return { Component: (await load()).default };
    } catch (error) {
      // A script replaced by a new deployment: the page reloads itself once to the new version.
      if (reloadOnceForNewVersion(error)) return { Component: () => null };
      throw error;
    }
  },
});

export const routes: RouteObject[] = [
  // The reader takes the whole screen (no navbar or footer); pdf.js comes only with its chunk.
  { path: '/read/:id', errorElement: <RouteError />, ...page(() => import('./routes/reader/read')) },
  { path: '/read/:id/sample', errorElement: <RouteError />, ...page(() => import('./routes/reader/sample')) },
  {
    path: '/',
    element: (
      <RootLayout
        memberActions={<HeaderActions />}
        // Only the admin's menu lists Messages, so only an admin asks for the count.
        accountBadges={{ [paths.admin.messages]: <UnreadMessagesBadge testId="menu-unread-messages" /> }}
      />
    ),
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        // The offer running now is known before the page is drawn: its banner, above the books, would
        // otherwise push them down when it comes (index.html shows the page's first screen meanwhile).
        loader: async () => {
          await queryClient.ensureQueryData(storeInfoQueryOptions).catch(() => undefined);
          return null;
        },
        ...page(() => import('./routes/public/home')),
      },
      { path: 'about', ...page(() => import('./routes/public/about')) },
      { path: 'library', ...page(() => import('./routes/public/library')) },
      { path: 'contact', ...page(() => import('./routes/public/contact')) },
      { path: 'ereaders', ...page(() => import('./routes/public/ereaders')) },
      {
        path: 'book/:id',
        // The book is asked for while its page's script downloads, not after: its cover (the page's
        // largest paint) comes one round trip sooner.
        loader: ({ params }) => {
          if (isBookId(params.id)) void queryClient.prefetchQuery(getBookQueryOptions(params.id));
          return null;
        },
        ...page(() => import('./routes/public/book')),
      },
      { path: 'login', ...page(() => import('./routes/auth/login')) },
      { path: 'signup', ...page(() => import('./routes/auth/signup')) },
      { path: 'forgot-password', ...page(() => import('./routes/auth/forgot-password')) },
      { path: 'reset-password', ...page(() => import('./routes/auth/reset-password')) },
      {
        path: 'user-dashboard',
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            ...page(() => import('./routes/user/layout')),
            children: [
              { index: true, ...page(() => import('./routes/user/home')) },
              { path: 'userBooks', ...page(() => import('./routes/user/books')) },
              { path: 'userBooks/addUserBooks', ...page(() => import('./routes/user/book-form')) },
              { path: 'addUserBooks', ...page(() => import('./routes/user/book-form')) },
              { path: 'addUserBooks/:id', ...page(() => import('./routes/user/book-form')) },
              { path: 'profile', ...page(() => import('./routes/user/profile')) },
              { path: 'favourites', ...page(() => import('./routes/user/favourites')) },
              { path: 'cart', ...page(() => import('./routes/user/cart')) },
              { path: 'payment', ...page(() => import('./routes/user/payment')) },
              { path: 'my-library', ...page(() => import('./routes/user/owned')) },
              { path: 'orders', ...page(() => import('./routes/user/orders')) },
              { path: 'orders/:id', ...page(() => import('./routes/user/receipt')) },
            ],
          },
        ],
      },
      {
        path: 'admin-dashboard',
        element: (
          <RequireAuth role="admin">
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            ...page(() => import('./routes/admin/layout')),
            children: [
              { index: true, ...page(() => import('./routes/admin/overview')) },
              { path: 'members', ...page(() => import('./routes/admin/members')) },
              { path: 'members/:id', ...page(() => import('./routes/admin/member')) },
              { path: 'books', ...page(() => import('./routes/admin/books')) },
              { path: 'messages', ...page(() => import('./routes/admin/messages')) },
              { path: 'orders', ...page(() => import('./routes/admin/orders')) },
              { path: 'sales', ...page(() => import('./routes/admin/sales')) },
              { path: 'import', ...page(() => import('./routes/admin/imports')) },
              { path: 'books/add-books', ...page(() => import('./routes/admin/book-form')) },
              { path: 'add-books', ...page(() => import('./routes/admin/book-form')) },
              { path: 'add-books/:id', ...page(() => import('./routes/admin/book-form')) },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createHashRouter(routes);
