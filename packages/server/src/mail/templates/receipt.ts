/**
 * The receipt of a paid payment: number, date, product, period, amount with 21 % VAT, and the
 * seller: name, address, KvK and btw-nummer — what a Dutch receipt must name.
 */
import {
  COMPANY,
  COMPANY_ADDRESS,
  PAYMENT_TEXTS,
  formatLongDate,
  formatMoney,
  formatPeriod,
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

export interface ReceiptData {
  name?: string | null;
  /** PA-000042 */
  number: string;
  issuedAt: Date;
  description: string;
  amountCents: number;
  currency: string;
  /** Pro: the month this payment paid for; none for extra alerts (bought once). */
  period: { start: Date; end: Date } | null;
  /** The receipt's own page, to view and print. */
  url: string;
}

export function receipt(data: ReceiptData, context: TemplateContext) {
  const text = PAYMENT_TEXTS.receipt;
  const { netCents, vatCents } = vatBreakdown(data.amountCents);
  const money = (cents: number) => formatMoney(cents / 100, data.currency);
  const rows: Array<[string, string]> = [
    [text.number, data.number],
    [text.date, formatLongDate(data.issuedAt)],
    [text.product, data.description],
    [text.period, data.period ? formatPeriod(data.period.start, data.period.end) : text.oneOff],
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
  const viewLabel = PAYMENT_TEXTS.callback.viewReceipt;
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
      )}${paragraph(link(data.url, viewLabel))}`,
      textParagraphs: [
        greeting(data.name),
        text.intro,
        text.title,
        rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
        text.paidWith,
        seller.join('\n'),
        `${viewLabel}: ${data.url}`,
      ],
      links: [data.url],
    },
    context,
  );
}
