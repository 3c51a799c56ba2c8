import { describe, expect, it } from 'vitest';
import { COMPANY, COMPANY_ADDRESS } from '../app';
import { CONFIRMATION_LINK_VALIDITY_HOURS, FAQ_DEFAULT_ITEMS } from '../constants';
import { DEFAULT_SETTINGS, applySetting, deliveryChannels } from '../plans';
import { FAQ_ITEMS, PRIVACY, TERMS, formatMoney, planCard, splitFaq } from '.';

const answerOf = (id: string, settings = DEFAULT_SETTINGS) =>
  FAQ_ITEMS.find((item) => item.id === id)!
    .answer(settings)
    .join(' ');

describe('formatMoney', () => {
  it.each([
    [7.95, 'EUR', '€ 7,95'],
    [1, 'EUR', '€ 1,00'],
    [1234.5, 'EUR', '€ 1.234,50'],
    [0, 'EUR', '€ 0,00'],
  ])('%s %s → %s', (amount, currency, expected) => {
    // Intl puts a no-break space after the sign.
    expect(formatMoney(amount, currency).replace(/\u00a0/g, ' ')).toBe(expected);
  });
});

describe('splitFaq (first part shown, second part expandable)', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  it.each([
    [FAQ_DEFAULT_ITEMS, 6, 2],
    [3, 3, 5],
    [0, 0, 8],
    [8, 8, 0],
    [20, 8, 0],
  ])('max %s items → %s first, %s expandable', (max, first, rest) => {
    const parts = splitFaq(items, max);
    expect([parts.first.length, parts.rest.length]).toEqual([first, rest]);
    expect([...parts.first, ...parts.rest]).toEqual(items);
  });
});

describe('FAQ answers follow the settings', () => {
  it('has more items than the default first part, so the second part is not empty', () => {
    expect(FAQ_ITEMS.length).toBeGreaterThan(FAQ_DEFAULT_ITEMS);
    expect(new Set(FAQ_ITEMS.map((item) => item.id)).size).toBe(FAQ_ITEMS.length);
  });

  it.each([
    [
      'is-het-gratis',
      DEFAULT_SETTINGS,
      ['1 alert voor Marktplaats', '5 alerts', '€ 7,95 per maand'],
    ],
    [
      'is-het-gratis',
      applySetting(DEFAULT_SETTINGS, 'alertLimits', { FREE: 2, REGISTERED: 8, PRO: null }),
      ['2 alerts voor Marktplaats', '8 alerts'],
    ],
    [
      'hoe-vaak',
      DEFAULT_SETTINGS,
      ['Gratis elke 30 minuten', 'Geregistreerd elke 10 minuten', 'Pro elke 3 minuten'],
    ],
    [
      'hoe-lang-actief',
      DEFAULT_SETTINGS,
      ['3 dagen actief bij Gratis', '14 dagen bij Geregistreerd', '30 dagen bij Pro'],
    ],
    [
      'verschil-plannen',
      applySetting(DEFAULT_SETTINGS, 'alertLimits', { FREE: 1, REGISTERED: 5, PRO: null }),
      ['Pro: onbeperkt alerts', '€ 1,00 per stuk'],
    ],
    ['hoe-werkt-het', DEFAULT_SETTINGS, [`${CONFIRMATION_LINK_VALIDITY_HOURS} uur geldig`]],
  ])('%s states %j', (id, settings, fragments) => {
    const answer = answerOf(id, settings).replace(/\u00a0/g, ' ');
    for (const fragment of fragments as string[]) expect(answer).toContain(fragment);
  });
});

describe('legal texts', () => {
  it.each([
    ['terms', TERMS],
    ['privacy', PRIVACY],
  ])(
    '%s names the company, its address, KvK, btw-nummer and contact address',
    (_name, document) => {
      const text = [document.intro, ...document.sections.flatMap((s) => s.paragraphs)].join(' ');
      expect(text).toContain(COMPANY_ADDRESS);
      expect(text).toContain(COMPANY.chamberOfCommerceNumber);
      expect(text).toContain(COMPANY.vatNumber);
      expect(text).toContain(COMPANY.contactEmail);
      expect(new Set(document.sections.map((s) => s.id)).size).toBe(document.sections.length);
    },
  );
});

describe('planCard (pricing page, home pricing table)', () => {
  it.each([
    [
      'FREE',
      DEFAULT_SETTINGS,
      '€ 0,00',
      false,
      ['1 alert voor Marktplaats', 'Elke 30 minuten gecontroleerd'],
    ],
    [
      'REGISTERED',
      DEFAULT_SETTINGS,
      '€ 0,00',
      false,
      [
        '5 alerts',
        'Alerts 14 dagen actief, daarna met één klik te verlengen',
        'Extra alerts voor € 1,00 per stuk, eenmalig',
      ],
    ],
    [
      'PRO',
      DEFAULT_SETTINGS,
      '€ 7,95',
      true,
      ['10 alerts', 'Extra alerts voor € 1,00 per stuk', 'Elke 3 minuten gecontroleerd'],
    ],
    [
      'PRO',
      applySetting(DEFAULT_SETTINGS, 'alertLimits', { FREE: 1, REGISTERED: 5, PRO: null }),
      '€ 7,95',
      true,
      ['Onbeperkt alerts'],
    ],
  ] as const)('%s', (plan, settings, price, monthly, fragments) => {
    const card = planCard(plan, settings);
    expect(card.price.replace(/\u00a0/g, ' ')).toBe(price);
    expect(card.monthly).toBe(monthly);
    const text = card.highlights.join(' | ').replace(/\u00a0/g, ' ');
    for (const fragment of fragments) expect(text).toContain(fragment);
  });

  it('offers extra alerts on the cards of the plans that may buy them, not on Gratis', () => {
    const offers = (plan: 'FREE' | 'REGISTERED' | 'PRO') =>
      planCard(plan, DEFAULT_SETTINGS).highlights.some((line) => line.startsWith('Extra alerts'));
    expect([offers('FREE'), offers('REGISTERED'), offers('PRO')]).toEqual([false, true, true]);
  });
});

describe('Telegram in the FAQ and the plan cards', () => {
  const withBot = { ...DEFAULT_SETTINGS, channels: deliveryChannels(true) };
  const withoutBot = { ...DEFAULT_SETTINGS, channels: deliveryChannels(false) };
  const everything = (settings: typeof DEFAULT_SETTINGS) =>
    [
      ...FAQ_ITEMS.flatMap((item) => [item.question, ...item.answer(settings)]),
      ...(['FREE', 'REGISTERED', 'PRO'] as const).flatMap(
        (plan) => planCard(plan, settings).highlights,
      ),
    ].join(' ');

  it('is promoted only by a server that can send Telegram messages', () => {
    expect(everything(withBot)).toContain('Telegram');
    expect(everything(withoutBot)).not.toContain('Telegram');
    // Until the server said what it can deliver (the prerendered home page): no Telegram either.
    expect(everything(DEFAULT_SETTINGS)).not.toContain('Telegram');
  });

  it('keeps what the plan offers instead', () => {
    expect(planCard('REGISTERED', withoutBot).highlights).toContain('Meldingen per e-mail');
    expect(answerOf('meldingen', withoutBot)).toContain('meldingencentrum');
  });
});
