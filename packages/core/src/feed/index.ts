/** An alert's private RSS feed: its rules and texts. */
export * from './feed';
export * from './strings';
