/** The signed-in screens' rules (dashboard, my account, notification centre, admin). */
export * from './alerts';
export * from './nextCheck';
export * from './relativeTime';
export * from './notificationQuery';
export * from './listing';
export * from './delivery';
export * from './liveEvents';
export * from './devices';
export * from './strings';
