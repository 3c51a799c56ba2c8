/** The shared look of every mail: a header, the body, a footer; and the plain-text twin. */
import { mailGreeting, STRINGS } from '@prijsalarm/core';
import { html, safeUrl, type SafeHtml } from '../html';

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

const BRAND_COLOUR = '#eda566';

export function button(url: string, label: string): SafeHtml {
  return html`<p style="margin:24px 0">
    <a
      href="${safeUrl(url)}"
      style="background:${BRAND_COLOUR};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block"
      >${label}</a
    >
  </p>`;
}

export function paragraph(content: unknown): SafeHtml {
  return html`<p style="margin:0 0 16px">${content}</p>`;
}

export function link(url: string, label: string = url): SafeHtml {
  return html`<a href="${safeUrl(url)}" style="color:#2d73c4;word-break:break-all">${label}</a>`;
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
  const page = html`<!doctype html>
    <html lang="nl">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${subject}</title>
      </head>
      <body
        style="margin:0;padding:0;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#222222;line-height:1.5"
      >
        <span style="display:none;max-height:0;overflow:hidden">${input.preheader}</span>
        <table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          style="background:#f5f5f5"
        >
          <tr>
            <td align="center" style="padding:24px 12px">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                style="max-width:600px;background:#ffffff;border-radius:8px"
              >
                <tr>
                  <td
                    style="padding:20px 28px;border-bottom:3px solid ${BRAND_COLOUR};font-size:22px;font-weight:bold"
                  >
                    ${STRINGS.product.name}
                  </td>
                </tr>
                <tr>
                  <td style="padding:28px">${input.body}</td>
                </tr>
                <tr>
                  <td
                    style="padding:16px 28px;font-size:12px;color:#777777;border-top:1px solid #eeeeee"
                  >
                    ${STRINGS.product.name} · ${STRINGS.product.tagline}<br />${link(publicUrl)}
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`;
  const text = [
    ...input.textParagraphs,
    '--',
    `${STRINGS.product.name} · ${STRINGS.product.tagline}`,
    publicUrl,
  ].join('\n\n');
  return { subject, html: page.value, text: `${text}\n`, links: input.links };
}

export { mailGreeting as greeting };

export function formatDutchDateTime(date: Date): string {
  return new Intl.DateTimeFormat('nl-NL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(date);
}
