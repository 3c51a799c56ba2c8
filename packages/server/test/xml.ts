/**
 * A strict XML reader for tests (saxes: a conformant well-formedness checker — an unescaped `&`
 * or `<`, an undefined entity, a character XML forbids or an unbound prefix is an error, where a
 * lenient parser would guess). Gives a small element tree to assert the structure on.
 *
 *   const rss = parseXml(body);                   // throws on the first well-formedness error
 *   rss.attributes.version; child(rss, 'channel')
 */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  /** The qualified name as written, e.g. 'atom:link'. */
  name: string;
  /** Namespace URI of the element ('' for none). */
  uri: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (entities decoded), without its children's. */
  text: string;
}

export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      uri: tag.uri,
      attributes: Object.fromEntries(
        Object.values(tag.attributes).map((attribute) => [attribute.name, attribute.value]),
      ),
      children: [],
      text: '',
    };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('cdata', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  if (!root) throw new Error('no root element');
  return root;
}

/** The element's children named `name`. */
export function children(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}

/** The element's one child named `name`; throws when there is none or more than one. */
export function child(element: XmlElement, name: string): XmlElement {
  const found = children(element, name);
  if (found.length !== 1) throw new Error(`<${element.name}> has ${found.length} <${name}>`);
  return found[0]!;
}
