import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/auth.routes.js';
import filesRoutes from './files/files.routes.js';
import healthRoutes from './health/health.routes.js';
import usersRoutes from './users/users.routes.js';

/** Every API module, mounted under /api. */
export const registerModules: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(filesRoutes);
};
