import { makeAutoObservable } from 'mobx';
import type { AdminPaymentsResponse } from '@prijsalarm/core';
import { latestLoad, type LoadStatus } from '../../stores/latestLoad';
import type { RootStore } from '../../stores/RootStore';

/** The admin's payments tab: GET /admin/payments, the latest payments with their users. */
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
