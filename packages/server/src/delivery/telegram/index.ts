export * from './telegram-client';
export * from './format';
export * from './pacer';
export * from './shared-pacing';
export * from './linking';
