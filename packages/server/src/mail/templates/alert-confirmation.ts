import { MAIL_TEXTS } from '@prijsalarm/core';
import { html } from '../html';
import { button, greeting, layout, link, paragraph, type TemplateContext } from './layout';

export interface AlertConfirmationData {
  searchTerm: string;
  confirmUrl: string;
  manageUrl: string;
  validHours: number;
}

export function alertConfirmation(data: AlertConfirmationData, context: TemplateContext) {
  const texts = MAIL_TEXTS.alertConfirmation;
  const intro = texts.intro(data.searchTerm);
  const validity = texts.validity(data.validHours);
  return layout(
    {
      subject: texts.subject(data.searchTerm),
      preheader: intro,
      body: html`${paragraph(greeting(null))}${paragraph(intro)}${button(data.confirmUrl, texts.button)}${paragraph(validity)}${paragraph(html`${texts.manage}<br />${link(data.manageUrl)}`)}${paragraph(texts.keepSafe)}`,
      textParagraphs: [
        greeting(null),
        intro,
        MAIL_TEXTS.buttonAsText(texts.button, data.confirmUrl),
        validity,
        `${texts.manage}\n${data.manageUrl}`,
        texts.keepSafe,
      ],
      links: [data.confirmUrl, data.manageUrl],
    },
    context,
  );
}
