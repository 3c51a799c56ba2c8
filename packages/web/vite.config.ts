import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Where `npm start` serves the API while `npm run dev -w @prijsalarm/web` serves the pages. */
const API_ORIGIN = process.env.PRIJSALARM_API_ORIGIN ?? 'http://localhost:3000';

/**
 * The built app runs on Preact's React compatibility layer instead of react-dom: the same
 * components, about 60 KB less JavaScript on every first load (the home route's budget, issue 14;
 * `npm run bench:web`). The dev server and the unit tests keep React (fast refresh, Testing
 * Library); the e2e tests run the built app.
 */
const PREACT_COMPAT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * The home scene is a lazy chunk like every page, found only once the entry has run: a
 * `modulepreload` of it (and its static imports) and a link to its stylesheet in index.html let
 * the browser fetch them alongside the entry, so the landing page's hero paints one round trip
 * sooner (Lighthouse's LCP).
 */
function preloadHomeScene(): Plugin {
  return {
    name: 'prijsalarm:preload-home-scene',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).flatMap((item) =>
          item.type === 'chunk' ? [item] : [],
        );
        const home = chunks.find((chunk) =>
          chunk.facadeModuleId?.endsWith('/src/scenes/home/index.tsx'),
        );
        if (!home) return [];
        const entry = chunks.find((chunk) => chunk.isEntry);
        const already = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const files = [home.fileName, ...home.imports].filter((file) => !already.has(file));
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // The scene's own stylesheets too: loading the scene waits for them, and found only then
        // they would cost the hero another round trip before it paints.
        const styles = new Set(
          files.flatMap((file) => [...(byName.get(file)?.viteMetadata?.importedCss ?? [])]),
        );
        return [
          ...[...styles].map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), preloadHomeScene()],
  resolve: { alias: command === 'build' ? PREACT_COMPAT : [] },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/ws': { target: API_ORIGIN.replace(/^http/, 'ws'), ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads.
    manifest: true,
  },
}));
