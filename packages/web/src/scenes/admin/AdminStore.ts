import { SCREEN_TEXTS } from '@prijsalarm/core';
import { AdminAlertsStore } from './AdminAlertsStore';
import { AdminPaymentsStore } from './AdminPaymentsStore';
import { AdminSettingsStore } from './AdminSettingsStore';
import { AdminStatsStore } from './AdminStatsStore';
import { AdminUsersStore } from './AdminUsersStore';
import type { RootStore } from '../../stores/RootStore';

const texts = SCREEN_TEXTS.admin;

export const ADMIN_TABS = ['stats', 'users', 'alerts', 'payments', 'settings'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const ADMIN_TAB_ITEMS = ADMIN_TABS.map((id) => ({ id, label: texts.tabs[id] }));

/** The admin area: its sections, each loaded when first shown. */
export class AdminStore {
  readonly stats: AdminStatsStore;
  readonly users: AdminUsersStore;
  readonly alerts: AdminAlertsStore;
  readonly payments: AdminPaymentsStore;
  readonly settings: AdminSettingsStore;

  constructor(root: RootStore) {
    this.stats = new AdminStatsStore(root);
    this.users = new AdminUsersStore(root);
    this.alerts = new AdminAlertsStore(root);
    this.payments = new AdminPaymentsStore(root);
    this.settings = new AdminSettingsStore(root);
  }

  /** Loads a section the first time it is opened. */
  open(tab: AdminTab): void {
    const section = this[tab];
    if (section.status === 'idle') void section.load();
  }
}
