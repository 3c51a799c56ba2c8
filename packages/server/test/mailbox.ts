/**
 * A real SMTP server on 127.0.0.1 (smtp-server, no auth, no TLS) that keeps every message it
 * receives, parsed with postal-mime. Point SMTP_URL at `mailbox.url`.
 */
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  from: string | null;
  subject: string;
  text: string;
  html: string;
  /** Header values by lowercase name (the first when repeated). */
  headers: Record<string, string>;
  raw: string;
}

export type MailMatcher =
  ((mail: ReceivedMail) => boolean) | { to?: string; subject?: string | RegExp };

/** How the mailbox refuses recipients: 'temporary' (451, try again) or 'permanent' (550). */
export type MailRefusal = { kind: 'temporary' | 'permanent'; to?: string } | null;

export interface Mailbox {
  url: string;
  messages: ReceivedMail[];
  /**
   * Refuse RCPT TO (for `to` only, or everyone) until called with null: a mail server that is
   * down for now (451) or rejects an address (550).
   */
  refuse(refusal: MailRefusal): void;
  /**
   * Leave every RCPT TO unanswered until `release()`: a mail server that is slow to accept. The
   * sender is then mid-send (no DATA yet), e.g. for killing it there.
   */
  hold(): void;
  /** Answers the held RCPT TOs (of connections still open) and accepts at once again. */
  release(): void;
  /** RCPT TOs waiting on `hold`. */
  readonly held: number;
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(matcher: MailMatcher, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}

function toPredicate(matcher: MailMatcher): (mail: ReceivedMail) => boolean {
  if (typeof matcher === 'function') return matcher;
  return (mail) =>
    (matcher.to === undefined || mail.to.includes(matcher.to.toLowerCase())) &&
    (matcher.subject === undefined ||
      (typeof matcher.subject === 'string'
        ? mail.subject.includes(matcher.subject)
        : matcher.subject.test(mail.subject)));
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<{
    predicate: (mail: ReceivedMail) => boolean;
    resolve: (mail: ReceivedMail) => void;
  }>();

  let refusal: MailRefusal = null;
  let holding = false;
  const heldCallbacks: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusal && (!refusal.to || refusal.to.toLowerCase() === address.address.toLowerCase())) {
        const error = new Error(
          refusal.kind === 'temporary'
            ? 'Requested action aborted: local error in processing'
            : 'Mailbox unavailable',
        ) as Error & { responseCode: number };
        error.responseCode = refusal.kind === 'temporary' ? 451 : 550;
        return callback(error);
      }
      if (holding) {
        heldCallbacks.push(() => callback());
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        PostalMime.parse(raw).then(
          (email) => {
            const headers: Record<string, string> = {};
            for (const header of email.headers) headers[header.key] ??= header.value;
            const mail: ReceivedMail = {
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              headers,
              raw,
            };
            messages.push(mail);
            for (const waiter of waiters) {
              if (waiter.predicate(mail)) {
                waiters.delete(waiter);
                waiter.resolve(mail);
              }
            }
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse(next) {
      refusal = next;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      // A dead connection's callback writes nothing (smtp-server checks its socket).
      for (const answer of heldCallbacks.splice(0)) answer();
    },
    get held() {
      return heldCallbacks.length;
    },
    waitFor(matcher, timeoutMs = 5000) {
      const predicate = toPredicate(matcher);
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `No matching mail within ${timeoutMs} ms; received: ${JSON.stringify(
                messages.map((m) => ({ to: m.to, subject: m.subject })),
              )}`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear() {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
