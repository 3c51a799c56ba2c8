// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';

/** Every Node built-in, bare and with the node: prefix, so core cannot reach for one. */
const nodeBuiltins = builtinModules.flatMap((name) => [
  name,
  `${name}/*`,
  `node:${name}`,
  `node:${name}/*`,
]);

/** DOM globals that do not exist in Node or Electron's main process. */
const domGlobals = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'BroadcastChannel',
  'WebSocket',
  'XMLHttpRequest',
  'HTMLElement',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-types/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // packages/core is runtime-neutral: browsers, Node and Electron all import it.
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...nodeBuiltins.map((name) => ({
              name,
              message: 'packages/core must not import Node built-ins.',
            })),
            { name: 'electron', message: 'packages/core must not import electron.' },
            { name: 'react', message: 'packages/core must not import the DOM or React.' },
            { name: 'react-dom', message: 'packages/core must not import the DOM or React.' },
          ],
          patterns: [
            {
              group: ['node:*', 'electron/*', 'react-dom/*'],
              message: 'packages/core stays runtime-neutral.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...domGlobals.map((name) => ({
          name,
          message: 'packages/core must not use the DOM; inject it.',
        })),
        { name: 'process', message: 'packages/core must not use Node globals.' },
        { name: 'Buffer', message: 'packages/core must not use Node globals.' },
      ],
    },
  },
  {
    // packages/web runs in the browser; its Node-side files are the build and test configs.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
