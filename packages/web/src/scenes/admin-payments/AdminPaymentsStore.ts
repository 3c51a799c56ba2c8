import { makeAutoObservable } from 'mobx';
import type { AdminPaymentsResponse } from '@prijsalarm/core';
import { latestLoad, type LoadStatus } from '../../stores/latestLoad';
import type { RootStore } from '../../stores/RootStore';

/** /admin/payments (issue 10): the latest payments, active Pro subscriptions, revenue this month. */
export class AdminPaymentsStore {
  data: AdminPaymentsResponse | null = null;
  status: LoadStatus = 'idle';
  error: string | null = null;
  private readonly latest = latestLoad();

  constructor(private readonly root: RootStore) {
    makeAutoObservable<AdminPaymentsStore, 'root' | 'latest'>(
      this,
      { root: false, latest: false },
      { autoBind: true },
    );
  }

  load(): Promise<void> {
    return this.latest(
      this,
      () => this.root.api.payments.adminList(),
      (data) => (this.data = data),
    );
  }
}
