import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm start` serves the API while `npm run dev -w @prijsalarm/web` serves the pages. */
const API_ORIGIN = process.env.PRIJSALARM_API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/ws': { target: API_ORIGIN.replace(/^http/, 'ws'), ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads (`npm run bench:web` weighs home's).
    manifest: true,
  },
});
