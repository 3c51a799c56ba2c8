/** A monthly Pro charge failed or was charged back: Pro lasts until the grace ends. */
import { formatLongDate, PAYMENT_TEXTS } from '@prijsalarm/core';
import { html } from '../html';
import { button, greeting, layout, paragraph, type TemplateContext } from './layout';

export interface RenewalFailedData {
  name?: string | null;
  graceUntil: Date;
  /** The subscription tab, where Pro can be paid again. */
  url: string;
}

export function renewalFailed(data: RenewalFailedData, context: TemplateContext) {
  const text = PAYMENT_TEXTS.dunning;
  const body = text.text(formatLongDate(data.graceUntil));
  return layout(
    {
      subject: text.subject,
      preheader: body,
      body: html`${paragraph(greeting(data.name))}${paragraph(body)}${button(data.url, text.action)}`,
      textParagraphs: [greeting(data.name), body, `${text.action}: ${data.url}`],
      links: [data.url],
    },
    context,
  );
}
