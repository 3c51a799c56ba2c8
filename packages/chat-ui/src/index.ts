/**
 * @prijsalarm/chat-ui: the support chat's conversation view and its MobX store, written once for
 * the web widget (packages/web/src/chat) and the desktop chat window
 * (packages/desktop/src/renderer). The transport is the host's: see ChatHost.
 */
export * from './ChatStore';
export * from './ChatSocketConnection';
export * from './ChatPanel';
