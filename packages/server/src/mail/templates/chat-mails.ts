/**
 * The chat's e-mail fallbacks: a visitor's first message to SUPPORT_EMAIL when no agent
 * is online, and support's answer to a guest who has left, with a link back into the chat. The
 * message text is untrusted: the `html` tag escapes it.
 */
import { CHAT_TEXTS } from '@prijsalarm/core';
import { html } from '../html';
import { button, layout, paragraph, quote, type TemplateContext } from './layout';

export interface ChatSupportNoticeData {
  name: string;
  email: string;
  message: string;
  /** The admin inbox. */
  inboxUrl: string;
}

export function chatSupportNotice(data: ChatSupportNoticeData, context: TemplateContext) {
  const { mail } = CHAT_TEXTS;
  const who = `${data.name} <${data.email}>`;
  return layout(
    {
      subject: mail.supportSubject(data.name),
      preheader: mail.supportIntro,
      body: html`${paragraph(mail.supportIntro)} ${paragraph(who)} ${quote(data.message)}
      ${button(data.inboxUrl, mail.supportOpen)}`,
      textParagraphs: [
        mail.supportIntro,
        who,
        data.message,
        `${mail.supportOpen}: ${data.inboxUrl}`,
      ],
      links: [data.inboxUrl],
    },
    context,
  );
}

export interface ChatReplyData {
  name: string;
  message: string;
  /** The home page with the chat opened on this session. */
  chatUrl: string;
}

export function chatReply(data: ChatReplyData, context: TemplateContext) {
  const { mail } = CHAT_TEXTS;
  const intro = mail.replyIntro(data.name);
  return layout(
    {
      subject: mail.replySubject,
      preheader: intro,
      body: html`${paragraph(intro)} ${quote(data.message)} ${button(data.chatUrl, mail.replyOpen)}`,
      textParagraphs: [intro, data.message, `${mail.replyOpen}: ${data.chatUrl}`],
      links: [data.chatUrl],
    },
    context,
  );
}
