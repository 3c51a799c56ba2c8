/** Retention: how long stored rows are kept, its schema and texts. */
export * from './retention';
export * from './schema';
export * from './strings';
