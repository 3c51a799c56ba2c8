export * from './types';
export * from './endpoint';
export * from './errors';
export * from './contract';
export * from './client';
export * from './strings';
