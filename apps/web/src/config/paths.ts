/** Every route of the web app in one place. The app uses hash routes (#/library). */
export const paths = {
  home: '/',
  about: '/about',
  library: '/library',
  /** An author's books: the library searched by the name (the author typed in full ranks first). */
  author: (name: string) => `/library?${new URLSearchParams({ q: name }).toString()}`,
  contact: '/contact',
  /** How to add the OPDS catalogue to an e-reader app. */
  ereaders: '/ereaders',
  book: (id: string) => `/book/${id}`,
  /** The reader: the whole book, or its sample ("Read A Little"). */
  read: (id: string) => `/read/${id}`,
  readSample: (id: string) => `/read/${id}/sample`,
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  user: {
    root: '/user-dashboard',
    books: '/user-dashboard/userBooks',
    profile: '/user-dashboard/profile',
    favourites: '/user-dashboard/favourites',
    cart: '/user-dashboard/cart',
    payment: '/user-dashboard/payment',
    owned: '/user-dashboard/my-library',
    orders: '/user-dashboard/orders',
    receipt: (id: string) => `/user-dashboard/orders/${id}`,
    addBook: '/user-dashboard/addUserBooks',
    /** The sidebar's hidden entry (the specification gives both addresses). */
    addBookHidden: '/user-dashboard/userBooks/addUserBooks',
    editBook: (id: string) => `/user-dashboard/addUserBooks/${id}`,
  },
  admin: {
    root: '/admin-dashboard',
    members: '/admin-dashboard/members',
    member: (id: string) => `/admin-dashboard/members/${id}`,
    books: '/admin-dashboard/books',
    messages: '/admin-dashboard/messages',
    orders: '/admin-dashboard/orders',
    sales: '/admin-dashboard/sales',
    imports: '/admin-dashboard/import',
    addBook: '/admin-dashboard/add-books',
    addBookHidden: '/admin-dashboard/books/add-books',
    editBook: (id: string) => `/admin-dashboard/add-books/${id}`,
  },
} as const;

/** Where the Dashboard link goes for a role. */
export function dashboardPathFor(role: string | undefined): string {
  return role === 'admin' ? paths.admin.root : paths.user.root;
}
