export * from './settings';
export * from './features';
export * from './planRank';
export * from './capabilities';
export * from './alertPolicy';
export * from './navigation';
