import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@ebook/shared': new URL('../../packages/shared/src/index.ts', import.meta.url).pathname } },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
