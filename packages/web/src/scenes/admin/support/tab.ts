/** The support inbox's tab in /admin (`?tab=support`), beside AdminStore's own tabs. */
import { CHAT_TEXTS } from '@prijsalarm/core';

export const SUPPORT_TAB = 'support';
export const SUPPORT_TAB_ITEM = { id: SUPPORT_TAB, label: CHAT_TEXTS.inbox.tab } as const;
