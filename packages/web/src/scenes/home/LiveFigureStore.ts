import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '@prijsalarm/core';

/**
 * Made when there is a figure to show, not when the home page's code is evaluated: a page's first
 * Intl formatter loads the locale data, some 60–110 ms on a phone, inside the task that boots
 * the page, which counts toward its Total Blocking Time.
 */
let countFormat: Intl.NumberFormat | null = null;
const formatCount = (count: number) =>
  (countFormat ??= new Intl.NumberFormat('nl-NL')).format(count);

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
    return this.listingsChecked ? formatCount(this.listingsChecked) : null;
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
