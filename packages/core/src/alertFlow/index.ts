/** The alert form's flow around the API: redirects after creation and after a plan refusal. */
export * from './creation';
export * from './strings';
