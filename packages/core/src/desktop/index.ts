export * from './strings';
export * from './rules';
