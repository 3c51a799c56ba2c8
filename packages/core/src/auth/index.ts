export * from './state';
export * from './routes';
export * from './crossTab';
export * from './crossTabSchema';
export * from './pages';
export * from './strings';
