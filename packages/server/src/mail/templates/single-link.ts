import { MAIL_TEXTS } from '@prijsalarm/core';
import { html } from '../html';
import {
  button,
  greeting,
  layout,
  link,
  paragraph,
  type RenderedMail,
  type TemplateContext,
} from './layout';

export interface SingleLinkTexts {
  subject: string;
  intro: string;
  button: string;
  ignore: string;
}

/**
 * The mails that carry one link to act on (verify, reset, log in): greeting, why, the button,
 * how long it is valid, the link spelled out for when the button fails, and what to do if it was
 * not you.
 */
export function singleLinkMail(
  texts: SingleLinkTexts,
  validity: string,
  data: { name?: string | null; url: string },
  context: TemplateContext,
): RenderedMail {
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
