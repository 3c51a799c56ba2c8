import { makeAutoObservable, runInAction } from 'mobx';
import type { AdminAlertDto, AlertStatus, PlatformId } from '@prijsalarm/core';
import { errorText } from '../../stores/errors';
import type { LoadStatus } from '../../stores/latestLoad';
import { PagedList } from '../../stores/PagedList';
import type { RootStore } from '../../stores/RootStore';

export type AdminAlertFilters = {
  search: string;
  status: '' | AlertStatus;
  platform: '' | PlatformId;
};

/** GET /admin/alerts (search, status, platform, pages) and DELETE /admin/alerts/:id. */
export class AdminAlertsStore {
  readonly list: PagedList<AdminAlertDto, AdminAlertFilters>;
  deleting: AdminAlertDto | null = null;
  deleteBusy = false;

  constructor(private readonly root: RootStore) {
    this.list = new PagedList<AdminAlertDto, AdminAlertFilters>(
      { search: '', status: '', platform: '' },
      async (request) => {
        const { alerts, pagination } = await root.api.admin.alerts(request);
        return { items: alerts, pagination };
      },
    );
    makeAutoObservable<AdminAlertsStore, 'root'>(
      this,
      { root: false, list: false },
      { autoBind: true },
    );
  }

  get status(): LoadStatus {
    return this.list.status;
  }

  load(): Promise<void> {
    return this.list.load();
  }

  requestDelete(alert: AdminAlertDto): void {
    this.deleting = alert;
  }

  cancelDelete(): void {
    this.deleting = null;
  }

  async confirmDelete(): Promise<void> {
    const alert = this.deleting;
    if (!alert || this.deleteBusy) return;
    this.deleteBusy = true;
    try {
      const { message } = await this.root.api.admin.deleteAlert(alert.id);
      this.root.toasts.success(message);
      this.list.remove(alert.id);
      await this.list.load();
    } catch (error) {
      this.root.toasts.error(errorText(error));
    } finally {
      runInAction(() => {
        this.deleting = null;
        this.deleteBusy = false;
      });
    }
  }
}
