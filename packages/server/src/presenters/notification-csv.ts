/**
 * The CSV export as Excel opens it in the Netherlands: UTF-8 with a byte-order mark (otherwise
 * Excel reads it as Windows-1252), ';' between cells (Dutch Excel's list separator, since ',' is
 * the decimal separator), CRLF line ends and RFC 4180 quoting. Cells a spreadsheet would run as a
 * formula are defused (OWASP "CSV Injection").
 */
import {
  LISTING_TEXTS,
  NOTIFICATION_TEXTS,
  PLATFORMS,
  PRICE_DROP_TEXTS,
  type NotificationKind,
} from '@prijsalarm/core';
import { localDate, localDateTime } from '../lib/calendar';
import type { Notification } from '../models';

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** Characters that make Excel, LibreOffice or Google Sheets treat a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";\r\n]/;

/** One cell: formula starts get a leading apostrophe, then RFC 4180 quoting where needed. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/** 1250 → '12,50': a number Dutch Excel reads as one. */
export function csvEuros(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2).replace('.', ',');
}

const columns = NOTIFICATION_TEXTS.csvColumns;
export const CSV_HEADER = csvLine([
  columns.createdAt,
  columns.alert,
  columns.platform,
  columns.title,
  columns.price,
  columns.priceType,
  columns.location,
  columns.seller,
  columns.url,
  columns.viewed,
  PRICE_DROP_TEXTS.csvKind,
  PRICE_DROP_TEXTS.csvPreviousPrice,
]);

/** The price kind in words when it is not a plain amount ('Bieden', 'Gratis', …). */
function priceKind(priceType: string): string {
  const labels: Record<string, string> = LISTING_TEXTS.priceLabels;
  if (priceType === 'MIN_BID') return LISTING_TEXTS.priceLabels.FAST_BID;
  return labels[priceType] ?? '';
}

export function notificationCsvLine(notification: Notification, alertSearchTerm: string): string {
  return csvLine([
    localDateTime(notification.createdAt),
    alertSearchTerm,
    PLATFORMS[notification.platform]?.name ?? notification.platform,
    notification.title,
    csvEuros(notification.priceCents ?? null),
    priceKind(notification.priceType),
    notification.location,
    notification.sellerName,
    notification.url,
    notification.viewedAt ? NOTIFICATION_TEXTS.yes : NOTIFICATION_TEXTS.no,
    PRICE_DROP_TEXTS.kinds[(notification.kind as NotificationKind | undefined) ?? 'new'],
    csvEuros(notification.previousPriceCents ?? null),
  ]);
}

/** `prijsalarm-meldingen-YYYY-MM-DD.csv`, the local date of `now`. */
export function exportFilename(now: Date): string {
  return `prijsalarm-meldingen-${localDate(now)}.csv`;
}
