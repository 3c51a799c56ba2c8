/**
 * A tagged template for HTML that escapes every interpolated value, unless it is itself SafeHtml
 * (made by `html` or `raw`). Marketplace and user text is untrusted.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => ESCAPES[char] ?? char);
}

/** A value as markup: SafeHtml as it is, a list joined, anything else escaped text. */
export function htmlOf(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(htmlOf).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += htmlOf(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Trusted markup written in this codebase, never user input. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** Only http(s) links go into a mail, so a bad value can never become a `javascript:` link. */
export function safeUrl(url: string): string {
  const protocol = new URL(url).protocol;
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`Refusing ${protocol} link`);
  return url;
}
