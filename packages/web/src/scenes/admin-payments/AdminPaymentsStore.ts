import { makeAutoObservable, runInAction } from 'mobx';
import type { AdminPaymentsResponse } from '@prijsalarm/core';
import { errorText } from '../../stores/errors';
import type { RootStore } from '../../stores/RootStore';

/** /admin/payments (issue 10): the latest payments, active Pro subscriptions, revenue this month. */
export class AdminPaymentsStore {
  data: AdminPaymentsResponse | null = null;
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  error: string | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<AdminPaymentsStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const data = await this.root.api.payments.adminList();
      runInAction(() => {
        this.data = data;
        this.error = null;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.error = errorText(error);
        this.status = 'error';
      });
    }
  }
}
