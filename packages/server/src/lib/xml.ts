/**
 * Text into XML (the RSS feed). Marketplace text is untrusted: every character that means
 * something to XML is escaped — never wrapped in CDATA, which a `]]>` in the text would end — and
 * characters XML 1.0 cannot carry at all (most control characters, lone surrogates) are dropped,
 * since even escaped they make the document invalid for a strict parser.
 */

/** Anything outside XML 1.0's Char production (https://www.w3.org/TR/xml/#charsets). */
// eslint-disable-next-line no-control-regex
const NOT_XML_CHAR = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Safe as element text and as a quoted attribute value. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** `<name>escaped text</name>`. */
export function xmlElement(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}
