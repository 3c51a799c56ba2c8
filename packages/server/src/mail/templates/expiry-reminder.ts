import { MAIL_TEXTS } from '@prijsalarm/core';
import { html } from '../html';
import {
  button,
  formatDutchDateTime,
  greeting,
  layout,
  link,
  paragraph,
  type TemplateContext,
} from './layout';

export interface ExpiryReminderData {
  name?: string | null;
  searchTerm: string;
  expiresAt: Date;
  refreshUrl: string;
  manageUrl: string;
}

export function expiryReminder(data: ExpiryReminderData, context: TemplateContext) {
  const texts = MAIL_TEXTS.expiryReminder;
  const intro = texts.intro(data.searchTerm, formatDutchDateTime(data.expiresAt));
  return layout(
    {
      subject: texts.subject(data.searchTerm),
      preheader: intro,
      body: html`${paragraph(greeting(data.name))}${paragraph(intro)}${paragraph(texts.extend)}${button(data.refreshUrl, texts.button)}${paragraph(html`${texts.manage}<br />${link(data.manageUrl)}`)}`,
      textParagraphs: [
        greeting(data.name),
        intro,
        texts.extend,
        MAIL_TEXTS.buttonAsText(texts.button, data.refreshUrl),
        `${texts.manage}\n${data.manageUrl}`,
      ],
      links: [data.refreshUrl, data.manageUrl],
    },
    context,
  );
}
