/** Starting an alert from a Marktplaats or 2dehands search link. */
export * from './strings';
export * from './categoryKeys';
export * from './parse';
export * from './applyToForm';
export * from './schema';
