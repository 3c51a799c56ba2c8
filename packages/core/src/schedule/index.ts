/** An alert's delivery schedule: instant, hourly or daily digests, quiet hours. */
export * from './strings';
export * from './schedule';
export * from './scheduleSchema';
export * from './timing';
