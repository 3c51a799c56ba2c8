/**
 * The shared look of every mail (the MJML design in ../design: logo, card, footer) and the blocks
 * a body is made of; and the plain-text twin every mail carries.
 */
import { APP_TEXTS, COMPANY, COMPANY_ADDRESS, mailGreeting } from '@prijsalarm/core';
import { block, page, snippet } from '../design/markup';
import { safeUrl, type SafeHtml } from '../html';

export interface TemplateContext {
  /** PUBLIC_URL, without trailing slash. */
  publicUrl: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** Every link in the mail (the outbox mode logs them for local development). */
  links: string[];
}

/**
 * The logo's mark as a PNG (mail clients show no SVG), from the web app's public folder, which
 * the server serves under PUBLIC_URL.
 */
export const MAIL_LOGO_PATH = '/mail/logo.png';

export function button(url: string, label: string): SafeHtml {
  return block('button', { url: safeUrl(url), label });
}

export function paragraph(content: unknown): SafeHtml {
  return block('paragraph', { content });
}

/** Small print in the muted colour: why the mail came, links to manage it. */
export function smallPrint(content: unknown): SafeHtml {
  return block('small', { content });
}

export function heading(content: unknown): SafeHtml {
  return block('heading', { content });
}

/** Someone's own words (a chat or contact message), as they wrote them. */
export function quote(text: string): SafeHtml {
  return block('quote', { content: text });
}

/** Label and value rows (a receipt, a contact form). */
export function facts(rows: readonly (readonly [string, unknown])[]): SafeHtml {
  return block('facts', {
    rows: rows.map(([label, value]) => snippet('factRow', { label, value })),
  });
}

export function link(url: string, label: string = url): SafeHtml {
  return snippet('link', { url: safeUrl(url), label });
}

export interface LayoutInput {
  subject: string;
  /** The hidden preview line mail clients show next to the subject. */
  preheader: string;
  body: SafeHtml;
  /** Plain-text paragraphs of the same content. */
  textParagraphs: string[];
  links: string[];
}

/** Subjects never carry line breaks (header injection) and stay one readable line. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function layout(input: LayoutInput, { publicUrl }: TemplateContext): RenderedMail {
  const subject = oneLine(input.subject);
  const product = `${APP_TEXTS.product.name} · ${APP_TEXTS.product.tagline}`;
  const company = `${COMPANY.legalName} · ${COMPANY_ADDRESS}`;
  const home = safeUrl(publicUrl);
  const htmlPage = page({
    subject,
    preheader: input.preheader,
    logo: snippet('logo', {
      homeUrl: home,
      logoUrl: `${home}${MAIL_LOGO_PATH}`,
      productName: APP_TEXTS.product.name,
    }),
    body: input.body,
    footer: snippet('footer', {
      product,
      company,
      homeUrl: home,
      homeLabel: new URL(home).host,
    }),
  });
  const text = [...input.textParagraphs, '--', `${product}\n${company}\n${publicUrl}`].join('\n\n');
  return { subject, html: htmlPage, text: `${text}\n`, links: input.links };
}

export { mailGreeting as greeting };

export function formatDutchDateTime(date: Date): string {
  return new Intl.DateTimeFormat('nl-NL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(date);
}
