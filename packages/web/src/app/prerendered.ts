/**
 * The attribute the build puts on `#root` when it holds the prerendered home page
 * (vite.config.ts prerenderHome): main.tsx hydrates that page instead of rendering anew.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
