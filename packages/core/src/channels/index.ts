/** The delivery channels: one table every list of channels is read from. */
export * from './channels';
export * from './strings';
