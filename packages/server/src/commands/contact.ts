/**
 * The contact form's message to support. The template escapes every value; the subject is kept on
 * one line (no header injection); the sender's address is a validated e-mail address, nothing more.
 */
import type { ContactPayload } from '@prijsalarm/core';
import type { AppContext } from '../context';

export async function sendContactMessage(
  ctx: AppContext,
  { name, email, subject, message }: ContactPayload,
): Promise<void> {
  await ctx.mailer.send(
    'contactMessage',
    ctx.config.supportEmail,
    { name, email, subject, message },
    { replyTo: email },
  );
}
