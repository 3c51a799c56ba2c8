import { observable, runInAction } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@prijsalarm/core';
import { reportErrorsAfterConsent } from './errorReporting';

function setup(consent: 'all' | 'necessary' | null) {
  const ui = observable({
    consent,
    get errorReportingAllowed() {
      return this.consent === 'all';
    },
  });
  const api = {} as ApiClient;
  const startErrorReporter = vi.fn(async () => true);
  const load = vi.fn(async () => ({ startErrorReporter }));
  const stop = reportErrorsAfterConsent({ ui, api }, load);
  const choose = (choice: 'all' | 'necessary') => runInAction(() => (ui.consent = choice));
  return { api, load, startErrorReporter, stop, choose };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reportErrorsAfterConsent', () => {
  it('loads nothing until the visitor accepts, then starts the reporter once', async () => {
    const { api, load, startErrorReporter, choose } = setup(null);
    await settle();
    expect(load).not.toHaveBeenCalled();
    choose('all');
    choose('necessary');
    choose('all');
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(startErrorReporter).toHaveBeenCalledWith(api);
  });

  it('starts at once for a visitor who accepted on an earlier visit', async () => {
    const { load } = setup('all');
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never loads the reporter after "necessary only"', async () => {
    const { load, choose } = setup('necessary');
    choose('necessary');
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  it('keeps the page running when the reporter cannot be loaded', async () => {
    const ui = { errorReportingAllowed: true };
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    reportErrorsAfterConsent({ ui, api: {} as ApiClient }, load);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
