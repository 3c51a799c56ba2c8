export * from './domain';
export * from './constants';
export * from './strings';
export * from './validation';
export * from './chat';
export * from './auth';
export * from './plans';
export * from './api';
