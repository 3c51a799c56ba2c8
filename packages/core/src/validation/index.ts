/** Validation rules and zod schemas: the server enforces them, the clients explain them. */
export * from './limits';
export * from './messages';
export * from './fieldErrors';
export * from './common';
export * from './searchTerm';
export * from './price';
export * from './postalCode';
export * from './distance';
export * from './filters';
export * from './alert';
export * from './alertForm';
export * from './auth';
export * from './requests';
export * from './alertQueries';
export * from './preferences';
export * from './chat';
