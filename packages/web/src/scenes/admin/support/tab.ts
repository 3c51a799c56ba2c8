/** The support inbox's tab in /admin (`?tab=support`), beside AdminStore's own tabs. */
import { CHAT_STRINGS } from '@prijsalarm/core';

export const SUPPORT_TAB = 'support';
export const SUPPORT_TAB_ITEM = { id: SUPPORT_TAB, label: CHAT_STRINGS.inbox.tab } as const;
