/** The one API client instance of the web app: core's client with the browser's fetch and cookies. */
import { createApiClient } from '@prijsalarm/core';
import type { ApiClient, ApiClientHooks } from '@prijsalarm/core';
import { documentCookies } from '../platform/cookies';

/** The server serves the API under /api (the Vite dev server proxies it). */
export const API_BASE_URL = '/api';

export type ApiClientFactory = (hooks: ApiClientHooks, getLocationPath: () => string) => ApiClient;

export const createBrowserApiClient: ApiClientFactory = (hooks, getLocationPath) =>
  createApiClient({
    baseUrl: API_BASE_URL,
    fetch: window.fetch.bind(window),
    cookies: documentCookies,
    hooks,
    getLocationPath,
  });
