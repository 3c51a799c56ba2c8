import { makeAutoObservable, runInAction } from 'mobx';
import { API_CONTRACT } from '@prijsalarm/core';
import type {
  AdminSetAsideListingsResponse,
  AdminStatsResponse,
  AdminTrendsResponse,
} from '@prijsalarm/core';
import { errorText } from '../../stores/errors';
import type { LoadStatus } from '../../stores/latestLoad';
import type { RootStore } from '../../stores/RootStore';

/**
 * GET /admin/stats, GET /admin/trends (the overview's last 30 days) and GET
 * /admin/set-aside-listings (the ads the engine skipped).
 */
export class AdminStatsStore {
  stats: AdminStatsResponse | null = null;
  trends: AdminTrendsResponse | null = null;
  setAside: AdminSetAsideListingsResponse | null = null;
  status: LoadStatus = 'idle';
  error: string | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<AdminStatsStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = this.stats ? 'ready' : 'loading';
    try {
      const [stats, trends, setAside] = await Promise.all([
        this.root.api.admin.stats(),
        this.root.api.admin.trends(),
        this.root.api.request(API_CONTRACT.admin.setAsideListings),
      ]);
      runInAction(() => {
        this.stats = stats;
        this.trends = trends;
        this.setAside = setAside;
        this.status = 'ready';
        this.error = null;
      });
    } catch (error) {
      runInAction(() => {
        this.error = errorText(error);
        this.status = 'error';
      });
    }
  }
}
