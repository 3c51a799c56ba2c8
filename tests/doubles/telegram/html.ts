/**
 * Telegram's `parse_mode: 'HTML'`, parsed the way the Bot API does it (tdlib `parse_html`): only
 * the documented tags, the four named entities plus numeric ones, an unknown `&…` stays literal
 * text, and a bad tag fails the whole request with "Bad Request: can't parse entities: …". The
 * result is what the user sees (text) and the formatting over it (entities, UTF-16 offsets).
 */

export interface MessageEntity {
  type:
    | 'bold'
    | 'italic'
    | 'underline'
    | 'strikethrough'
    | 'spoiler'
    | 'text_link'
    | 'code'
    | 'pre'
    | 'blockquote'
    | 'expandable_blockquote'
    | 'custom_emoji'
    | 'bot_command';
  offset: number;
  length: number;
  url?: string;
  language?: string;
  custom_emoji_id?: string;
}

export interface ParsedText {
  text: string;
  entities: MessageEntity[];
}

export class EntityParseError extends Error {}

const TAG_TYPES: Record<string, MessageEntity['type']> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
  'tg-spoiler': 'spoiler',
  span: 'spoiler',
  a: 'text_link',
  code: 'code',
  pre: 'pre',
  blockquote: 'blockquote',
  'tg-emoji': 'custom_emoji',
};

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/** The character an entity at `text[at]` ('&') stands for, or null when it is not one. */
function decodeEntity(text: string, at: number): { char: string; end: number } | null {
  const semicolon = text.indexOf(';', at + 1);
  if (semicolon === -1 || semicolon - at > 10) return null;
  const name = text.slice(at + 1, semicolon);
  const named = NAMED_ENTITIES[name];
  if (named) return { char: named, end: semicolon + 1 };
  const numeric = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(name);
  if (!numeric) return null;
  const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
  if (code === 0 || code > 0x10ffff) return null;
  return { char: String.fromCodePoint(code), end: semicolon + 1 };
}

function decodeAttribute(value: string): string {
  let out = '';
  for (let at = 0; at < value.length; at += 1) {
    const entity = value[at] === '&' ? decodeEntity(value, at) : null;
    if (entity) {
      out += entity.char;
      at = entity.end - 1;
    } else out += value[at];
  }
  return out;
}

function byteOffset(html: string, index: number): number {
  return Buffer.byteLength(html.slice(0, index), 'utf8');
}

interface OpenTag {
  name: string;
  type: MessageEntity['type'];
  offset: number;
  attributes: Record<string, string>;
}

function fail(message: string): never {
  throw new EntityParseError(`Bad Request: can't parse entities: ${message}`);
}

export function parseTelegramHtml(html: string): ParsedText {
  let text = '';
  const entities: MessageEntity[] = [];
  const open: OpenTag[] = [];

  for (let at = 0; at < html.length; at += 1) {
    const char = html[at] as string;
    if (char === '&') {
      const entity = decodeEntity(html, at);
      if (entity) {
        text += entity.char;
        at = entity.end - 1;
        continue;
      }
      text += char;
      continue;
    }
    if (char !== '<') {
      text += char;
      continue;
    }

    const tagStart = at;
    const close = html.indexOf('>', at);
    if (close === -1) fail(`Unclosed start tag at byte offset ${byteOffset(html, tagStart)}`);
    const inner = html.slice(at + 1, close);
    at = close;

    if (inner.startsWith('/')) {
      const name = inner.slice(1).trim().toLowerCase();
      const last = open.pop();
      if (!last) fail(`Unexpected end tag at byte offset ${byteOffset(html, tagStart)}`);
      if (last.name !== name) {
        fail(
          `Unmatched end tag at byte offset ${byteOffset(html, tagStart)}, expected "</${last.name}>", found "</${name}>"`,
        );
      }
      const tag = last;
      const length = text.length - tag.offset;
      if (length === 0) continue;
      if (tag.type === 'text_link') {
        const url = tag.attributes.href ?? '';
        if (/^(https?|tg):\/\//i.test(url)) {
          entities.push({ type: 'text_link', offset: tag.offset, length, url });
        }
        continue;
      }
      const entity: MessageEntity = { type: tag.type, offset: tag.offset, length };
      if (tag.type === 'blockquote' && 'expandable' in tag.attributes) {
        entity.type = 'expandable_blockquote';
      }
      if (tag.type === 'custom_emoji') entity.custom_emoji_id = tag.attributes['emoji-id'] ?? '';
      entities.push(entity);
      continue;
    }

    const match = /^([a-zA-Z][a-zA-Z0-9-]*)([\s\S]*)$/.exec(inner);
    const name = match?.[1]?.toLowerCase() ?? '';
    const type = TAG_TYPES[name];
    if (!match || !type) {
      fail(`Unsupported start tag "${name}" at byte offset ${byteOffset(html, tagStart)}`);
    }
    const attributes: Record<string, string> = {};
    const attributePattern = /([a-zA-Z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
    for (const attribute of (match[2] ?? '').matchAll(attributePattern)) {
      const value = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
      attributes[(attribute[1] as string).toLowerCase()] = decodeAttribute(value);
    }
    if (name === 'span' && attributes.class !== 'tg-spoiler') {
      fail(`Tag "span" must have class "tg-spoiler" at byte offset ${byteOffset(html, tagStart)}`);
    }
    open.push({ name, type, offset: text.length, attributes });
  }

  const unclosed = open[open.length - 1];
  if (unclosed) fail(`Can't find end tag corresponding to start tag "${unclosed.name}"`);
  entities.sort((left, right) => left.offset - right.offset || right.length - left.length);
  return { text, entities };
}
