import { MAIL_TEXTS } from '@prijsalarm/core';
import { html } from '../html';
import { button, greeting, layout, link, paragraph, type TemplateContext } from './layout';

export interface AccountExistsData {
  name?: string | null;
  loginUrl: string;
  resetUrl: string;
}

/** Sent instead of a verification mail when someone registers with an address that has an account. */
export function accountExists(data: AccountExistsData, context: TemplateContext) {
  const texts = MAIL_TEXTS.accountExists;
  return layout(
    {
      subject: texts.subject,
      preheader: texts.intro,
      body: html`${paragraph(greeting(data.name))}${paragraph(texts.intro)}${button(data.loginUrl, texts.button)}${paragraph(html`${texts.forgot}<br />${link(data.resetUrl)}`)}${paragraph(texts.ignore)}`,
      textParagraphs: [
        greeting(data.name),
        texts.intro,
        MAIL_TEXTS.buttonAsText(texts.button, data.loginUrl),
        `${texts.forgot} ${data.resetUrl}`,
        texts.ignore,
      ],
      links: [data.loginUrl, data.resetUrl],
    },
    context,
  );
}
