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

const root = fileURLToPath(new URL('.', import.meta.url));
const desktop = resolve(root, 'packages/desktop');

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
    plugins: [react()],
    build: {
      outDir: resolve(desktop, 'out/renderer'),
      rollupOptions: { input: { index: resolve(desktop, 'src/renderer/index.html') } },
    },
  },
});
