/** A webhook was turned off after failing for the whole retry window. */
import { MAIL_TEXTS, WEBHOOK_RULES } from '@prijsalarm/core';
import { html } from '../html';
import { button, greeting, layout, paragraph, type TemplateContext } from './layout';

export interface WebhookDisabledData {
  name?: string | null;
  url: string;
  lastError: string | null;
  /** My account → Integraties. */
  manageUrl: string;
}

export function webhookDisabled(data: WebhookDisabledData, context: TemplateContext) {
  const texts = MAIL_TEXTS.webhookDisabled;
  const intro = texts.intro(data.url, WEBHOOK_RULES.retryWindowHours);
  const lastError = data.lastError ? texts.lastError(data.lastError) : null;
  return layout(
    {
      subject: texts.subject,
      preheader: intro,
      body: html`${paragraph(greeting(data.name))}${paragraph(intro)}${lastError ? paragraph(lastError) : ''}${paragraph(texts.fix)}${button(data.manageUrl, texts.action)}`,
      textParagraphs: [
        greeting(data.name),
        intro,
        ...(lastError ? [lastError] : []),
        texts.fix,
        `${texts.action}: ${data.manageUrl}`,
      ],
      links: [data.manageUrl],
    },
    context,
  );
}
