/** Web Push: rules, texts, the device's name, the request schema and the API's shapes. */
export * from './device';
export * from './rules';
export * from './schema';
export * from './strings';
export * from './types';
