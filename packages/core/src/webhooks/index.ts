/** Webhooks: rules, texts, the body's shape and the request schema. */
export * from './rules';
export * from './schema';
export * from './strings';
export * from './types';
export * from './docs';
