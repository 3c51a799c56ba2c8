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
      'packages/desktop/out/**',
      'packages/desktop/release/**',
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
    // packages/chat-ui is the chat it shares with the desktop's windows.
    files: ['packages/web/src/**/*.{ts,tsx}', 'packages/chat-ui/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // packages/chat-ui: the support chat both apps draw, in a browser window. Its transport is
    // handed in (ChatHost, a socket factory): no Node, no electron, nothing of either app.
    files: ['packages/chat-ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'packages/chat-ui runs in any browser window.' }],
          patterns: [
            {
              group: ['node:*', '@prijsalarm/web', '@prijsalarm/desktop', '**/packages/*/src/**'],
              message: 'packages/chat-ui imports core only; the apps hand in the rest.',
            },
          ],
        },
      ],
    },
  },
  {
    // The desktop app's windows run in a sandboxed renderer: the DOM, and main only through the
    // preload's bridge (no electron, no Node).
    files: ['packages/desktop/src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'Renderer windows reach main through window.prijsalarm.' },
          ],
          patterns: [
            {
              group: ['node:*', '**/main/*', '**/preload/*'],
              message: 'Renderer code stays in the browser.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only the binding layer (src/main/electron) and the preload may import electron: the rest of
    // the main process is plain logic that vitest runs in Node.
    files: ['packages/desktop/src/main/**/*.ts', 'packages/desktop/src/shared/**/*.ts'],
    ignores: ['packages/desktop/src/main/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only src/main/electron binds to Electron.' }],
          patterns: [
            {
              group: ['electron/*', 'electron-store'],
              message: 'Only src/main/electron binds to Electron.',
            },
          ],
        },
      ],
    },
  },
);
