// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Folder import rules (docs/architecture.md). Each entry lists the module patterns a folder may
 * NOT import; a violation is a lint error and so fails `npm test`.
 * @param {string[]} patterns
 * @param {string} why
 */
const forbid = (patterns, why) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message: why }] }],
});

const ui = ['**/ui/**', '../ui', '../../ui'];
const server = ['**/server/**', '../server', '../../server'];
const engine = ['**/engine/**', '../engine', '../../engine'];
const systems = ['**/systems/**', '../systems', '../../systems'];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'var/**',
      'public/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      'tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['data/**'],
    rules: forbid(
      [...ui, ...server, ...engine, ...systems, '@babylonjs/*', 'bitecs', 'react', 'react-dom'],
      'data/ is pure TypeScript shared by client and server: it imports nothing from engine/ui/server/systems.',
    ),
  },
  {
    files: ['engine/**'],
    rules: forbid(
      [...ui, ...server, 'react', 'react-dom', 'wouter'],
      'engine/ must not import ui/, server/ or React.',
    ),
  },
  {
    files: ['systems/**'],
    rules: forbid(
      [...ui, ...server, 'react', 'react-dom', 'wouter'],
      'systems/ are ECS systems: no React, no ui/ or server/ imports.',
    ),
  },
  {
    files: ['ui/**'],
    rules: forbid(
      [
        ...server,
        ...systems,
        '@babylonjs/*',
        'bitecs',
        '**/engine/*',
        '!**/engine/signals',
        '!**/engine/commands',
        '!**/engine/settings',
      ],
      'ui/ may import only engine/signals, engine/commands and engine/settings: never bitecs, Babylon, systems/ or server/.',
    ),
  },
  {
    files: ['server/**'],
    rules: forbid(
      [...ui, ...engine, ...systems, '@babylonjs/*', 'bitecs', 'react', 'react-dom'],
      'server/ may import only data/ from the project.',
    ),
  },
);
