import { describe, expect, it } from 'vitest';
import { escapeXml, xmlElement } from './xml';

describe('escapeXml', () => {
  it('escapes markup, entities and quotes', () => {
    expect(escapeXml(`<script>alert(1)</script> & "fiets" 'x'`)).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;fiets&quot; &apos;x&apos;',
    );
  });

  it('escapes what looks like an entity or the end of a CDATA section', () => {
    expect(escapeXml('&amp; ]]> <![CDATA[')).toBe('&amp;amp; ]]&gt; &lt;![CDATA[');
  });

  it('drops characters XML 1.0 cannot carry, and keeps tabs, newlines and emoji', () => {
    expect(escapeXml('a\u0000b\u0008c\u001Fd\uFFFEe\uD800f')).toBe('abcdef');
    expect(escapeXml('fiets\t🚲\r\nDrenthe')).toBe('fiets\t🚲\r\nDrenthe');
  });

  it('wraps text in an element', () => {
    expect(xmlElement('title', 'a < b')).toBe('<title>a &lt; b</title>');
  });
});
