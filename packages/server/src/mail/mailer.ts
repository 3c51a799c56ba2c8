/**
 * The one mailer. With SMTP_URL: a pooled SMTP transport. Without it (the embedded default): each
 * mail is written as an .eml file to DATA_DIR/outbox/ and its links are logged, so the flows work
 * on a laptop without a mail server.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config/env';
import type { Logger } from '../logger';
import {
  MAIL_TEMPLATES,
  type MailTemplateData,
  type MailTemplateName,
  type RenderedMail,
} from './templates';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../lib/private-files';
import type { ListUnsubscribeHeaders } from '../security/unsubscribe';

export interface SendOptions {
  /**
   * RFC 8058 one-click unsubscribe (subscription mail only, never transactional mail): the HTTPS
   * URL, or the full headers from `listUnsubscribeHeaders` (HTTPS plus mailto:).
   */
  listUnsubscribe?: string | ListUnsubscribeHeaders;
  replyTo?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file in outbox mode. */
  file?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  /** Renders a template and sends it. Rejects when the SMTP server refuses or cannot be reached. */
  send<N extends MailTemplateName>(
    template: N,
    to: string,
    data: MailTemplateData<N>,
    options?: SendOptions,
  ): Promise<SentMail>;
  /** Renders without sending (previews, tests). */
  render<N extends MailTemplateName>(template: N, data: MailTemplateData<N>): RenderedMail;
  close(): Promise<void>;
}

export interface MailerDeps {
  config: Pick<Config, 'smtpUrl' | 'smtpMaxConnections' | 'mailFrom' | 'dataDir' | 'publicUrl'>;
  logger: Logger;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function createMailer({ config, logger }: MailerDeps): Mailer {
  const log = logger.child({ component: 'mailer' });
  const outbox = outboxDir(config.dataDir);
  const transport = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        pool: true,
        maxConnections: config.smtpMaxConnections,
        // Fail fast so a hung server shows up as a retryable delivery error, not a stuck job.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  const render = <N extends MailTemplateName>(template: N, data: MailTemplateData<N>) => {
    const renderTemplate = MAIL_TEMPLATES[template] as (
      data: MailTemplateData<N>,
      context: { publicUrl: string },
    ) => RenderedMail;
    return renderTemplate(data, { publicUrl: config.publicUrl });
  };

  return {
    mode: config.smtpUrl ? 'smtp' : 'outbox',
    render,
    async send(template, to, data, options = {}) {
      const mail = render(template, data);
      const headers: Record<string, string | { prepared: boolean; value: string }> = {};
      if (options.listUnsubscribe) {
        const list =
          typeof options.listUnsubscribe === 'string'
            ? `<${options.listUnsubscribe}>`
            : options.listUnsubscribe['List-Unsubscribe'];
        // Prepared, so nodemailer does not fold it over lines (that breaks DKIM, nodemailer #1654).
        headers['List-Unsubscribe'] = { prepared: true, value: list };
        headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      }
      const info = await transport.sendMail({
        from: config.mailFrom,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers,
        ...(options.replyTo ? { replyTo: options.replyTo } : {}),
      });

      if (!config.smtpUrl) {
        ensurePrivateDir(outbox);
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const file = path.join(
          outbox,
          `${stamp}-${template}-${randomBytes(3).toString('hex')}.eml`,
        );
        writeFileSync(file, (info as { message: Buffer }).message, { mode: PRIVATE_FILE_MODE });
        // Outbox mode is for local use only: the links are logged (tokens masked, as in every log line);
        // the .eml file holds them whole.
        log.info(
          { template, to, subject: mail.subject, file, links: mail.links },
          'mail written to outbox',
        );
        return { messageId: info.messageId, file };
      }
      log.info({ template, to, messageId: info.messageId }, 'mail sent');
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}
