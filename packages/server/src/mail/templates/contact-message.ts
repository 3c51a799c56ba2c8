import { MAIL_TEXTS } from '@prijsalarm/core';
import { html } from '../html';
import { facts, layout, paragraph, quote, type TemplateContext } from './layout';

export interface ContactMessageData {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** A contact-form message, sent to support with Reply-To set to the sender. */
export function contactMessage(data: ContactMessageData, context: TemplateContext) {
  const texts = MAIL_TEXTS.contactMessage;
  const { intro, labels } = texts;
  const reply = texts.reply(data.name);
  return layout(
    {
      subject: texts.subject(data.subject),
      preheader: intro,
      body: html`${paragraph(intro)}${facts([
        [labels.name, data.name],
        [labels.email, data.email],
        [labels.subject, data.subject],
      ])}${quote(data.message)}${paragraph(reply)}`,
      textParagraphs: [
        intro,
        `${labels.name}: ${data.name}\n${labels.email}: ${data.email}\n${labels.subject}: ${data.subject}`,
        data.message,
        reply,
      ],
      links: [],
    },
    context,
  );
}
