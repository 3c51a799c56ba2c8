import { MAIL_TEXTS } from '@prijsalarm/core';
import { html } from '../html';
import { layout, paragraph, type TemplateContext } from './layout';

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
      body: html`${paragraph(intro)}
        <table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">
          <tr>
            <td style="padding:2px 12px 2px 0;color:#777777">${labels.name}</td>
            <td>${data.name}</td>
          </tr>
          <tr>
            <td style="padding:2px 12px 2px 0;color:#777777">${labels.email}</td>
            <td>${data.email}</td>
          </tr>
          <tr>
            <td style="padding:2px 12px 2px 0;color:#777777">${labels.subject}</td>
            <td>${data.subject}</td>
          </tr>
        </table>
        <div
          style="white-space:pre-wrap;border-left:3px solid #eeeeee;padding:8px 12px;margin:0 0 16px"
        >
          ${data.message}
        </div>
        ${paragraph(reply)}`,
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
