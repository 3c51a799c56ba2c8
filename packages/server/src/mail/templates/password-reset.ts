import { MAIL_TEXTS } from '@prijsalarm/core';
import { html } from '../html';
import { button, greeting, layout, link, paragraph, type TemplateContext } from './layout';

export interface PasswordResetData {
  name?: string | null;
  url: string;
  validMinutes: number;
}

export function passwordReset(data: PasswordResetData, context: TemplateContext) {
  const texts = MAIL_TEXTS.passwordReset;
  const validity = texts.validity(data.validMinutes);
  const fallback = MAIL_TEXTS.linkFallback;
  return layout(
    {
      subject: texts.subject,
      preheader: texts.intro,
      body: html`${paragraph(greeting(data.name))}${paragraph(texts.intro)}${button(data.url, texts.button)}${paragraph(validity)}${paragraph(html`${fallback}<br />${link(data.url)}`)}${paragraph(texts.ignore)}`,
      textParagraphs: [
        greeting(data.name),
        texts.intro,
        MAIL_TEXTS.buttonAsText(texts.button, data.url),
        validity,
        texts.ignore,
      ],
      links: [data.url],
    },
    context,
  );
}
