export * from './domain';
export * from './constants';
export * from './strings';
