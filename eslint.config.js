// Lint rules for every workspace: the type-checked TypeScript presets, no floating promises, React hooks, and
// import boundaries (features never import each other; the app layer composes them).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const FEATURES_DIR = 'apps/web/src/features';
const features = readdirSync(new URL(`./${FEATURES_DIR}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A feature may import itself and auth (the session), nothing else from features/. */
const featureBoundary = (feature) => ({
  files: [`${FEATURES_DIR}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              ...new Set([
                '@/features/*',
                '!@/features/auth',
                '!@/features/auth/**',
                `!@/features/${feature}`,
                `!@/features/${feature}/**`,
              ]),
            ],
            message: 'Features must not import each other; compose them in src/app.',
          },
        ],
      },
    ],
  },
});

/** Shared layers (components, lib, config) never depend on a feature, except the session. */
const sharedLayer = {
  files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', '!@/features/auth', '!@/features/auth/**', '@/app/*'],
            message: 'Shared components and libraries must not depend on features or the app layer.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/drizzle/**', 'bench/results/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-duplicate-imports': 'error',
      // Fastify plugins and route handlers are async functions by convention, awaiting or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Fastify's inject().json() and fetch's json() are `any` by design: tests read answers that way.
    files: ['**/*.test.{ts,tsx}', 'apps/server/src/test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...features.map(featureBoundary),
  sharedLayer,
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
