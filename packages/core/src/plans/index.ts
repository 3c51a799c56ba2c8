export * from './settings';
export * from './settingSchemas';
export * from './features';
export * from './planRank';
export * from './capabilities';
export * from './capabilitiesSchema';
export * from './alertPolicy';
export * from './navigation';
