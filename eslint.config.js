// Lint rules for every workspace: the type-checked TypeScript presets, no floating promises, React hooks, and
// import boundaries (features never import each other; the app layer composes them).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const FEATURES_DIR = 'apps/web/src/features';
const features = readdirSync(new URL(`./${FEATURES_DIR}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A feature may import itself, nothing else from features/ (the session lives in lib/auth). */
const featureBoundary = (feature) => ({
  files: [`${FEATURES_DIR}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [...new Set(['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`])],
            message: 'Features must not import each other; compose them in src/app.',
          },
        ],
      },
    ],
  },
});

/** Shared layers (components, lib, config) never depend on a feature or the app layer. */
const sharedLayer = {
  files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', '@/app/*'],
            message: 'Shared components and libraries must not depend on features or the app layer.',
          },
        ],
      },
    ],
  },
};

/**
 * The server's layers, lowest first: lib and config, db, plugins, modules, then app.ts and server.ts.
 * A layer imports only from layers below it; nothing but tests imports the test support; and no
 * import chain comes back to where it started.
 */
const SERVER = 'apps/server/src';
const serverLayers = {
  files: [`${SERVER}/**/*.ts`],
  ignores: [`${SERVER}/**/*.test.ts`, `${SERVER}/test/**`],
  plugins: { 'import-x': importX },
  settings: {
    // Without these, import-x reads no TypeScript file and finds no cycle.
    'import-x/extensions': ['.ts', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
  },
  rules: {
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          {
            target: [`${SERVER}/lib`, `${SERVER}/config`],
            from: [`${SERVER}/db`, `${SERVER}/plugins`, `${SERVER}/modules`, `${SERVER}/app.ts`, `${SERVER}/server.ts`],
            message: 'lib and config are the lowest layer.',
          },
          {
            target: `${SERVER}/db`,
            from: [`${SERVER}/plugins`, `${SERVER}/modules`, `${SERVER}/app.ts`, `${SERVER}/server.ts`],
            message: 'The database layer must not depend on plugins, modules or the app.',
          },
          {
            target: `${SERVER}/plugins`,
            from: [`${SERVER}/modules`, `${SERVER}/app.ts`, `${SERVER}/server.ts`],
            message: 'Plugins must not depend on modules or the app.',
          },
          {
            target: `${SERVER}/modules`,
            from: [`${SERVER}/app.ts`, `${SERVER}/server.ts`],
            message: 'Modules must not depend on the app that composes them.',
          },
          {
            target: SERVER,
            from: `${SERVER}/test`,
            message: 'Only tests use the test support.',
          },
        ],
      },
    ],
  },
};

/**
 * A server module is used through its index.ts: another module never imports the files inside it,
 * and a module's own files never import their index (which would make import cycles through it). The
 * document worker's code imports a module's pdf-documents.ts or epub-documents.ts instead (in files: the
 * readers of untrusted files, without the database or the server that index.ts brings in).
 */
const MODULE_RULE =
  "Import another module through its index.ts (modules/<name>/index.ts), or its pdf-documents.ts or epub-documents.ts from the document worker's code, never its inner files.";
const OWN_INDEX_RULE = "A module's own files import each other directly, not through their index.ts.";
const moduleBoundaries = [
  [`${SERVER}/modules/*/*.ts`, '\\.\\./', '\\./index\\.js$'],
  [`${SERVER}/modules/*/*/*.ts`, '\\.\\./\\.\\./', '\\.\\./index\\.js$'],
].map(([files, up, ownIndex]) => ({
  files: [files],
  ignores: [`${SERVER}/modules/*/index.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: `^${up}[^./][^/]*/(?!(index|pdf-documents|epub-documents)\\.js$)`, message: MODULE_RULE },
          { regex: `^${ownIndex}`, message: OWN_INDEX_RULE },
        ],
      },
    ],
  },
}));

/** No import chain in the web app comes back to where it started. */
const webCycles = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
  },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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
  serverLayers,
  ...moduleBoundaries,
  webCycles,
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
