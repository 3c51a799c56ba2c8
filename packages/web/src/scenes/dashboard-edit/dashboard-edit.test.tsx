import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALERT_FIELD_TEXTS, ALERT_FORM_TEXTS, ALERT_TEXTS } from '@prijsalarm/core';
import { startHttpDouble, userDto } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { appNavigator, renderApp } from '../../test/render';
import { ALERT_ID, alertDto, capabilities, signedInStore } from '../../test/screens';

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => expect(server.unscripted).toEqual([]));

const PATH = `/dashboard/alerts/${ALERT_ID}/bewerken`;
const MINE = `/api/alerts/my-alerts/${ALERT_ID}`;
const texts = ALERT_FORM_TEXTS.edit;

async function open() {
  const navigator = appNavigator(PATH);
  const { store } = await signedInStore(server, { navigator, user: userDto({ plan: 'PRO' }) });
  server.script('GET', '/api/user-capabilities', { body: capabilities('PRO') });
  return { store, navigator, render: () => renderApp(store, navigator, PATH) };
}

describe('/dashboard/alerts/{id}/bewerken', () => {
  it('opens the wizard on the saved alert, every step one click away', async () => {
    const { render } = await open();
    server.script('GET', MINE, {
      body: { alert: alertDto({ searchTerm: 'bakfiets', maxPrice: 900, platforms: ['2dehands'] }) },
    });
    server.script('GET', '/api/categories', { body: [] });
    render();
    // The scene and the wizard are lazily loaded chunks: give them time on a busy machine.
    const loaded = { timeout: 5_000 };
    expect(
      await screen.findByRole('heading', { level: 1, name: texts.title }, loaded),
    ).toBeTruthy();
    expect(
      ((await screen.findByRole('radio', { name: /2dehands/ }, loaded)) as HTMLInputElement)
        .checked,
    ).toBe(true);
    // No search link to paste over the alert.
    expect(screen.queryByRole('button', { name: 'Overnemen' })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Naar stap 3: Zoekopdracht' }));
    expect((screen.getByLabelText('Zoekterm') as HTMLInputElement).value).toBe('bakfiets');
    await user.click(screen.getByRole('button', { name: 'Naar stap 4: Prijs en locatie' }));
    expect((screen.getByLabelText(/Maximumprijs/) as HTMLInputElement).value).toBe('900');
    await user.click(screen.getByRole('button', { name: /^Naar stap \d: Meldingen/ }));
    expect(screen.getByRole('button', { name: texts.save })).toBeTruthy();
    expect(screen.queryByRole('button', { name: ALERT_FIELD_TEXTS.submit })).toBeNull();
  });

  it('says so when the alert is not the user’s, with the way back', async () => {
    const { render } = await open();
    server.script('GET', MINE, { status: 404, body: { error: ALERT_TEXTS.notFound } });
    render();
    expect(await screen.findByText(texts.notFound, {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: texts.backToDashboard }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });
});
