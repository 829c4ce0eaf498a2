import type { FastifyPluginAsync } from 'fastify';
import adminRoutes from './admin/admin.routes.js';
import authRoutes from './auth/auth.routes.js';
import passwordResetRoutes from './auth/password-reset.routes.js';
import booksRoutes from './books/books.routes.js';
import filesRoutes from './files/files.routes.js';
import healthRoutes from './health/health.routes.js';
import storeRoutes from './store/store.routes.js';
import usersRoutes from './users/users.routes.js';
import wishlistRoutes from './wishlist/wishlist.routes.js';
import cartRoutes from './cart/cart.routes.js';
import paymentRoutes from './payment/payment.routes.js';
import ordersRoutes from './orders/orders.routes.js';
import dashboardRoutes from './dashboard/dashboard.routes.js';
import promotionRoutes from './promotion/promotion.routes.js';
import reviewsRoutes from './reviews/reviews.routes.js';
import contactRoutes from './contact/contact.routes.js';
import notificationsRoutes from './notifications/notifications.routes.js';

/** Every API module, mounted under /api. */
export const registerModules: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(storeRoutes);
  await app.register(authRoutes);
  await app.register(passwordResetRoutes);
  await app.register(usersRoutes);
  await app.register(filesRoutes);
  await app.register(booksRoutes);
  await app.register(wishlistRoutes);
  await app.register(cartRoutes);
  await app.register(paymentRoutes);
  await app.register(ordersRoutes);
  await app.register(dashboardRoutes);
  await app.register(notificationsRoutes);
  await app.register(contactRoutes);
  await app.register(adminRoutes);
  await app.register(promotionRoutes);
  await app.register(reviewsRoutes);
};
