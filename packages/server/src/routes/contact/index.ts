/**
 * POST /contact: the contact form, mailed to SUPPORT_EMAIL with Reply-To set to the sender so
 * support answers with one click. The template escapes every value; the subject is kept on one
 * line (no header injection); the sender's address is a validated e-mail address, nothing more.
 */
import { Router } from 'express';
import { STRINGS, contactSchema, type MessageResponse } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { rateLimit } from '../../http/rate-limit';
import { validated } from '../../http/validate';

/** Override with RATE_LIMITS="contact-ip=…/…". */
export const CONTACT_RATE_LIMIT = { points: 5, duration: 60 * 60 };

export default function contactRouter(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/',
    rateLimit('contact-ip', { ...CONTACT_RATE_LIMIT, key: (req) => req.ip }),
    ...validated({ body: contactSchema }, async (req, res) => {
      const { name, email, subject, message } = req.input.body;
      await ctx.mailer.send(
        'contactMessage',
        ctx.config.supportEmail,
        { name, email, subject, message },
        { replyTo: email },
      );
      const body: MessageResponse = { message: STRINGS.contact.sent };
      res.json(body);
    }),
  );
  return router;
}
