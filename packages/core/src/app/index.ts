/** Rules of the client apps' shell (web and desktop): toasts, start-up failures, settings fallback. */
export * from './toasts';
export * from './settingsCache';
export * from './profile';
export * from './company';
export * from './errorReporting';
export * from './publicStats';
export * from './maskSecrets';
export * from './strings';
