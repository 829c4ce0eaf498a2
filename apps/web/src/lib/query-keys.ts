/**
 * Every query key of the app, in one table. Keys nest so that one invalidation reaches a family:
 * everything under `books` carries `owned` and averages for the signed-in reader, so book lists, the
 * admin's book tables and reviews all sit there; the session (`auth`) is the one family that
 * survives forgetting a user.
 */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  store: ['store'] as const,
  books: {
    all: ['books'] as const,
    list: (query: object) => ['books', 'list', query] as const,
    detail: (id: string) => ['books', 'detail', id] as const,
    suggestions: (q: string) => ['books', 'suggest', q] as const,
    reviews: (bookId: string) => ['books', 'reviews', bookId] as const,
    mine: ['books', 'mine'] as const,
    minePage: (page: number) => ['books', 'mine', page] as const,
    pending: ['books', 'admin', 'pending'] as const,
    managed: (page: number, q: string, status: string) => ['books', 'admin', 'manage', page, q, status] as const,
  },
  admin: {
    all: ['admin'] as const,
    overview: ['admin', 'overview'] as const,
    members: (page: number, q = '') => ['admin', 'members', page, q] as const,
    member: (id: string) => ['admin', 'member', id] as const,
    messages: ['admin', 'messages'] as const,
    messagesPage: (page: number) => ['admin', 'messages', page] as const,
    promotion: ['admin', 'promotion'] as const,
    orders: ['admin', 'orders'] as const,
    sales: (query: object) => ['admin', 'orders', 'sales', query] as const,
    earnings: ['admin', 'orders', 'earnings'] as const,
    ordersPage: (query: object) => ['admin', 'orders', query] as const,
    importJob: (id: string) => ['admin', 'imports', id] as const,
  },
  memberSummary: ['member-summary'] as const,
  cart: ['cart'] as const,
  wishlist: ['wishlist'] as const,
  orders: {
    all: ['orders'] as const,
    recent: ['orders', 'recent'] as const,
    list: ['orders', 'list'] as const,
    earnings: ['orders', 'earnings'] as const,
    owned: ['orders', 'owned'] as const,
  },
  paymentCards: ['payment-cards'] as const,
  profile: ['profile'] as const,
  appPasswords: ['app-passwords'] as const,
  notifications: {
    all: ['notifications'] as const,
    latest: (limit: number) => ['notifications', limit] as const,
  },
  readingList: ['reading', 'list'] as const,
};
