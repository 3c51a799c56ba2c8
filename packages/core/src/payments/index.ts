export * from './offer';
export * from './products';
export * from './strings';
export * from './types';
