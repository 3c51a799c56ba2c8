/** The receipt of a paid payment (issue 10): number, date, product, amount with 21 % VAT, company. */
import { COMPANY, PAYMENT_STRINGS, formatMoney, vatBreakdown } from '@prijsalarm/core';
import { html } from '../html';
import { greeting, layout, paragraph, type TemplateContext } from './layout';

/** '24 november 2026' (Amsterdam time). */
export function formatDutchDate(date: Date): string {
  return new Intl.DateTimeFormat('nl-NL', {
    dateStyle: 'long',
    timeZone: 'Europe/Amsterdam',
  }).format(date);
}

export interface ReceiptData {
  name?: string | null;
  /** PA-000042 */
  number: string;
  issuedAt: Date;
  description: string;
  amountCents: number;
  currency: string;
  /** The subscription tab, where every receipt is listed. */
  url: string;
}

export function receipt(data: ReceiptData, context: TemplateContext) {
  const text = PAYMENT_STRINGS.receipt;
  const { netCents, vatCents } = vatBreakdown(data.amountCents);
  const money = (cents: number) => formatMoney(cents / 100, data.currency);
  const rows: Array<[string, string]> = [
    [text.number, data.number],
    [text.date, formatDutchDate(data.issuedAt)],
    [text.product, data.description],
    [text.amountExVat, money(netCents)],
    [text.vat, money(vatCents)],
    [text.total, money(data.amountCents)],
  ];
  const company = `${COMPANY.legalName} · ${COMPANY.contactEmail} · ${text.chamberOfCommerce} ${COMPANY.chamberOfCommerceNumber} · ${COMPANY.country}`;
  const table = html`<table
    role="presentation"
    cellpadding="6"
    cellspacing="0"
    style="border-collapse:collapse;margin:0 0 16px"
  >
    ${rows.map(
      ([label, value]) =>
        html`<tr>
          <td style="color:#555555;padding-right:24px">${label}</td>
          <td><strong>${value}</strong></td>
        </tr>`,
    )}
  </table>`;
  return layout(
    {
      subject: text.subject(data.number),
      preheader: text.intro,
      body: html`${paragraph(greeting(data.name))}${paragraph(text.intro)}
        <h2 style="font-size:18px">${text.title}</h2>
        ${table}${paragraph(text.paidWith)}${paragraph(company)}`,
      textParagraphs: [
        greeting(data.name),
        text.intro,
        text.title,
        rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
        text.paidWith,
        company,
        data.url,
      ],
      links: [data.url],
    },
    context,
  );
}
