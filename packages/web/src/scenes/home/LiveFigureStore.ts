import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '@prijsalarm/core';

const countFormat = new Intl.NumberFormat('nl-NL');

/**
 * The home page's live figure: ads the engine checked today, as the server counts them
 * (GET /stats/listings-today). Nothing is shown until it answers, and nothing when it fails or
 * the engine saw nothing yet: the page never shows a number it did not get.
 */
export class LiveFigureStore {
  listingsChecked: number | null = null;

  constructor(private readonly api: Pick<ApiClient, 'stats'>) {
    makeAutoObservable<LiveFigureStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  /** '1.234', or null while there is nothing true to show. */
  get formatted(): string | null {
    return this.listingsChecked ? countFormat.format(this.listingsChecked) : null;
  }

  async load(): Promise<void> {
    try {
      const { listingsChecked } = await this.api.stats.listingsToday();
      runInAction(() => (this.listingsChecked = listingsChecked));
    } catch {
      // No figure is better than a made-up one; the page reads well without it.
    }
  }
}
