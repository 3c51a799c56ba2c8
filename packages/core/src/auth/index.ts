export * from './state';
export * from './routes';
export * from './crossTab';
