/**
 * Every screen on one spacing scale and one type scale: the
 * margins, paddings, gaps and font sizes of the web app's stylesheets and the chat both apps show
 * are chat-ui's scale tokens (`var(--space-*)`, `var(--text-*)`), never a literal size. Hairlines
 * (at most 2px) and 0 are not sizes of the scale.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ROOTS = ['web/src', 'chat-ui/src'].map((root) => path.join(PACKAGES, root));
const SCALES = path.join(PACKAGES, 'chat-ui/src/scales.css');

const SCALED = /^(margin|padding|gap|row-gap|column-gap|scroll-margin|scroll-padding|font-size)/;
const LITERAL = /(?<![\w.-])(\d*\.?\d+)(px|rem|em)\b/g;

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') && full !== SCALES ? [full] : [];
  });
}

/** `file:line property: value` for each declaration that sizes with a literal. */
function literalSizes(css: string, file: string): string[] {
  const found: string[] = [];
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, (comment) =>
    comment.replace(/[^\n]/g, ' '),
  );
  withoutComments.split('\n').forEach((line, index) => {
    for (const declaration of line.split(/[{};]/)) {
      const match = /^\s*([\w-]+)\s*:\s*(.+)$/.exec(declaration);
      if (!match || !SCALED.test(match[1]!)) continue;
      const literals = [...match[2]!.matchAll(LITERAL)].filter(
        ([, number, unit]) => Number(number) !== 0 && !(unit === 'px' && Number(number) <= 2),
      );
      if (literals.length > 0) found.push(`${file}:${index + 1} ${declaration.trim()}`);
    }
  });
  return found;
}

describe('spacing and type scales', () => {
  it('finds a literal size where one is written', () => {
    expect(literalSizes('.a { padding: 0.6rem 0; }\n.b {\n  font-size: 15px;\n}', 'x.css')).toEqual(
      ['x.css:1 padding: 0.6rem 0', 'x.css:3 font-size: 15px'],
    );
    expect(
      literalSizes('.a { margin: 0 auto; border: 1px solid; gap: var(--space-2); }', 'x.css'),
    ).toEqual([]);
  });

  it('every stylesheet of the web app and the chat sizes its spacing and text on the scales', () => {
    const files = ROOTS.flatMap(cssFiles);
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) =>
      literalSizes(readFileSync(file, 'utf8'), path.relative(PACKAGES, file)),
    );
    expect(found, `use var(--space-*) / var(--text-*):\n${found.join('\n')}`).toEqual([]);
  });
});
