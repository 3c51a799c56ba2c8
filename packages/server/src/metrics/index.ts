/** Prometheus metrics of this process (registry.ts) and their endpoint (endpoint.ts). */
export * from './endpoint';
export * from './http';
export * from './installation';
export * from './registry';
