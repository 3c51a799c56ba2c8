export * from './types';
export * from './search-query';
export * from './normalize';
export * from './host-policy';
export * from './shared-host-policy';
export * from './detail-page';
export * from './client';
