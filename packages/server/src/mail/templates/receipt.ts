/**
 * The receipt of a paid payment (issue 10): number, date, product, amount with 21 % VAT, and the
 * seller: name, address, KvK and btw-nummer.
 */
import {
  COMPANY,
  COMPANY_ADDRESS,
  PAYMENT_STRINGS,
  formatMoney,
  vatBreakdown,
} from '@prijsalarm/core';
import { html } from '../html';
import {
  facts,
  greeting,
  heading,
  layout,
  link,
  paragraph,
  smallPrint,
  type TemplateContext,
} from './layout';

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
  // A receipt names its seller: name, address, KvK and btw-nummer.
  const seller = [
    COMPANY.legalName,
    `${COMPANY_ADDRESS}, ${COMPANY.country}`,
    `${text.chamberOfCommerce} ${COMPANY.chamberOfCommerceNumber}`,
    `${text.vatNumber} ${COMPANY.vatNumber}`,
    COMPANY.contactEmail,
  ];
  const paymentsLabel = PAYMENT_STRINGS.subscription.payments;
  return layout(
    {
      subject: text.subject(data.number),
      preheader: text.intro,
      body: html`${paragraph(greeting(data.name))}${paragraph(text.intro)}${heading(text.title)}${facts(
        rows,
      )}${paragraph(text.paidWith)}${smallPrint(
        seller.map((line, index) =>
          index === 0 ? html`<strong>${line}</strong>` : html`<br />${line}`,
        ),
      )}${paragraph(link(data.url, paymentsLabel))}`,
      textParagraphs: [
        greeting(data.name),
        text.intro,
        text.title,
        rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
        text.paidWith,
        seller.join('\n'),
        `${paymentsLabel}: ${data.url}`,
      ],
      links: [data.url],
    },
    context,
  );
}
