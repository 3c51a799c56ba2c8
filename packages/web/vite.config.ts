import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
// Relative, not '@prijsalarm/core': the config is bundled with its relative imports only.
import { PRERENDERED_HOME } from '../core/src/constants';
import { PRERENDERED_ATTRIBUTE } from './src/app/prerendered';
import type { renderHome as RenderHome } from './src/prerender';
import { build, defineConfig, type Plugin, type ResolvedConfig } from 'vite';

/** Where `npm start` serves the API while `npm run dev -w @prijsalarm/web` serves the pages. */
const API_ORIGIN = process.env.PRIJSALARM_API_ORIGIN ?? 'http://localhost:3000';

/**
 * The built app runs on Preact's React compatibility layer instead of react-dom: the same
 * components, about 60 KB less JavaScript on every first load (the home route's budget;
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
 * The brand font's files, for global.css's `url('@fontsource-variable/figtree/files/…')`: the
 * package's exports map hands out only its stylesheets, which also declare the Latin Extended
 * subset; global.css declares the Latin file alone and this finds it.
 */
const BRAND_FONT_FILES = {
  find: /^@fontsource-variable\/figtree\/files\//,
  replacement: `${path.dirname(createRequire(import.meta.url).resolve('@fontsource-variable/figtree/LICENSE'))}/files/`,
};

/** The brand font's one file (global.css), as the build names it. */
const BRAND_FONT = /(^|\/)figtree-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Every page's first paint sets its text in the brand font: a preload in index.html fetches the
 * file with the HTML instead of once the styles are applied, so the swap from the fallback comes
 * early (and most often before the first paint at all).
 */
function preloadBrandFont(): Plugin {
  return {
    name: 'prijsalarm:preload-brand-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.keys(bundle ?? {}).find((file) => BRAND_FONT.test(file));
        if (!font) throw new Error('the brand font is not in the build (styles/global.css)');
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              crossorigin: true,
              href: `/${font}`,
            },
            injectTo: 'head-prepend' as const,
          },
        ];
      },
    },
  };
}

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

/**
 * What the server sends for `/`: dist/index.html with the home page
 * already in `#root`, rendered at build time from the real components (src/prerender.tsx, bundled
 * for Node with the same Preact alias), so the hero paints with the HTML instead of after the
 * JavaScript. Two files (core's PRERENDERED_HOME): a first visit's (with the cookie banner) and
 * a visitor's who already chose (the banner must not flash). The server
 * sends neither to a signed-in browser (its home differs) nor for any other path.
 */
function prerenderHome(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prijsalarm:prerender-home',
    apply: (userConfig, { command }) => command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const serverDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-prerender-'));
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias: [...PREACT_COMPAT, BRAND_FONT_FILES] },
          // Everything bundled, so react-router and mobx-react-lite render with Preact too.
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: 'src/prerender.tsx',
            outDir: serverDir,
            emptyOutDir: true,
            copyPublicDir: false,
            rolldownOptions: { output: { entryFileNames: 'prerender.mjs', codeSplitting: false } },
          },
        });
        const { renderHome } = (await import(
          pathToFileURL(path.join(serverDir, 'prerender.mjs')).href
        )) as { renderHome: typeof RenderHome };
        const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const variants = [
          [PRERENDERED_HOME.firstVisit, await renderHome(null)],
          [PRERENDERED_HOME.consented, await renderHome('necessary')],
        ] as const;
        const page = withInlineStyles(indexHtml, (href) =>
          readFileSync(path.join(outDir, href), 'utf8'),
        );
        const later = guestFormFiles(outDir);
        for (const [file, markup] of variants) {
          writeFileSync(
            path.join(outDir, file),
            startAfterFirstPaint(withRoot(page, markup), later),
          );
        }
      } finally {
        if (!process.env.KEEP_PRERENDER) rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The prerendered page paints with the HTML alone: its stylesheets (the shell's and the home
 * scene's, a few KB gzipped) are inlined, so the first paint waits for no stylesheet request
 * (Lighthouse's "render-blocking resources"). The links stay, for print only: they no longer block
 * the screen, and Vite's loader, which looks for them before importing the home scene, finds
 * them instead of adding them again.
 */
function withInlineStyles(html: string, read: (href: string) => string): string {
  return html.replace(
    /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g,
    (_link, href: string) =>
      `<style>${read(href)}</style>\n    <link rel="stylesheet" crossorigin href="${href}" media="print">`,
  );
}

/**
 * The prerendered page asks for its scripts once it has painted (public/start-after-paint.js):
 * the entry and its preloads leave the head for that script's data attributes. Only the
 * prerendered home: index.html paints nothing worth waiting for before its app.
 */
function startAfterFirstPaint(html: string, later: readonly string[]): string {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const preload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const src = entry.exec(html)?.[1];
  if (!src) throw new Error('index.html: no module entry script');
  const preloads = [...html.matchAll(preload)].map((match) => match[1]);
  const starter =
    `<script src="/start-after-paint.js" defer data-entry="${src}"` +
    ` data-preload="${preloads.join(' ')}" data-later="${later.join(' ')}"></script>`;
  return html.replace(preload, '').replace(entry, `\n    ${starter}`);
}

/**
 * The files of the guest form (its chunk, what it imports that the entry and the home scene do
 * not, their stylesheets), from the build's manifest. A guest's first load needs them all; asked
 * for by Vite's loader when the form renders, each is an element added on the main thread in one
 * long task, so the prerendered page asks for them itself, a few per task
 * (public/start-after-paint.js).
 */
function guestFormFiles(outDir: string): string[] {
  type Entry = { file: string; imports?: string[]; css?: string[] };
  const manifest = JSON.parse(
    readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, Entry>;
  const closure = (keys: readonly string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return seen;
  };
  const keyOf = (suffix: string) => {
    const key = Object.keys(manifest).find((name) => name.endsWith(suffix));
    if (!key) throw new Error(`manifest: no ${suffix}`);
    return key;
  };
  const loaded = closure([keyOf('index.html'), keyOf('src/scenes/home/index.tsx')]);
  const form = [...closure([keyOf('src/components/alert-form/GuestAlertForm.tsx')])].filter(
    (key) => !loaded.has(key),
  );
  const loadedCss = new Set([...loaded].flatMap((key) => manifest[key]!.css ?? []));
  const css = [...new Set(form.flatMap((key) => manifest[key]!.css ?? []))].filter(
    (file) => !loadedCss.has(file),
  );
  return [...form.map((key) => manifest[key]!.file), ...css].map((file) => `/${file}`);
}

/** index.html with `markup` in place of what `#root` holds (the logo bar). */
function withRoot(html: string, markup: string): string {
  const root = /(<div id="root">)[\s\S]*?(<\/div>\s*<noscript>)/;
  if (!root.test(html)) throw new Error('index.html: no #root before <noscript>');
  return html.replace(
    root,
    (_match, open: string, close: string) =>
      `${open.replace('>', ` ${PRERENDERED_ATTRIBUTE}>`)}${markup}${close}`,
  );
}

export default defineConfig(({ command }) => ({
  plugins: [react(), preloadBrandFont(), preloadHomeScene(), prerenderHome()],
  resolve: { alias: [...(command === 'build' ? PREACT_COMPAT : []), BRAND_FONT_FILES] },
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
    // What every first load runs anyway is one chunk, not a dozen small shared ones: a phone's
    // connection fetches it in one request, and the prerendered home asks for 3 files, not 16
    // (each asked for by an element the page adds, on its main thread).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
}));
