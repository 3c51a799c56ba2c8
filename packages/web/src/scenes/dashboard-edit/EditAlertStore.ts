import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { ALERT_FORM_TEXTS, isApiError } from '@prijsalarm/core';
import type { AlertDto } from '@prijsalarm/core';
import type { RootStore } from '../../stores/RootStore';

export type EditAlertStatus = 'loading' | 'ready' | 'not_found' | 'failed';

/**
 * /dashboard/alerts/{id}/bewerken: the signed-in user's saved alert, read as its owner (GET
 * /alerts/my-alerts/{id}) for the wizard to change. Someone else's alert is not found.
 */
export class EditAlertStore {
  status: EditAlertStatus = 'loading';
  alert: AlertDto | null = null;
  error: string | null = null;

  constructor(
    private readonly root: RootStore,
    readonly id: string,
  ) {
    makeAutoObservable<EditAlertStore, 'root'>(
      this,
      { root: false, id: false, alert: observableRef },
      { autoBind: true },
    );
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const { alert } = await this.root.api.alerts.mine.get(this.id);
      runInAction(() => {
        this.alert = alert;
        this.status = 'ready';
      });
    } catch (error) {
      if (!isApiError(error)) console.error(error);
      runInAction(() => {
        const notFound = isApiError(error) && error.status === 404;
        this.status = notFound ? 'not_found' : 'failed';
        this.error =
          isApiError(error) && !notFound ? error.message : ALERT_FORM_TEXTS.edit.notFound;
      });
    }
  }
}
