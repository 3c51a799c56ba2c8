/** Long page texts (FAQ, terms, privacy, plan cards); each export bundles only where it is shown. */
export * from './format';
export * from './faq';
export * from './legal';
export * from './pricing';
export * from './alertDescription';
export * from './mail';
export * from './emptyStates';
