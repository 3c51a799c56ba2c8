/**
 * The build of the desktop tray app (packages/desktop): main, preload and renderer bundles into
 * packages/desktop/out. Every dependency of the app is a devDependency, so all of it, core
 * included, is bundled (nothing for electron-builder to collect from the workspace's node_modules).
 * The preload is sandboxed, so it is one CommonJS file with nothing left to require but electron.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const desktop = resolve(root, 'packages/desktop');

/**
 * `npm run dev` only: Vite's dev server injects an inline React refresh preamble, inserts CSS as
 * <style> tags and talks to its HMR socket, which the strict CSP of index.html refuses. The
 * built renderer keeps the strict policy.
 */
const relaxCspForDevServer: Plugin = {
  name: 'prijsalarm-dev-csp',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html
      .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
      .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
      .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*"),
};

export default defineConfig({
  main: {
    root: desktop,
    build: {
      outDir: resolve(desktop, 'out/main'),
      externalizeDeps: true,
      rollupOptions: { input: { index: resolve(desktop, 'src/main/index.ts') } },
    },
  },
  preload: {
    root: desktop,
    build: {
      outDir: resolve(desktop, 'out/preload'),
      externalizeDeps: true,
      rollupOptions: {
        input: { index: resolve(desktop, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(desktop, 'src/renderer'),
    base: './',
    plugins: [react(), relaxCspForDevServer],
    build: {
      outDir: resolve(desktop, 'out/renderer'),
      rollupOptions: { input: { index: resolve(desktop, 'src/renderer/index.html') } },
    },
  },
});
