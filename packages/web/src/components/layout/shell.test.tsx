/**
 * index.html paints the top bar with the logo before any script has run (the first contentful
 * paint of every page). That copy must stay the logo the app draws.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Logo } from './Logo';

const INDEX_HTML = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../index.html',
);

describe('the shell in index.html', () => {
  it('holds the logo exactly as <Logo /> renders it, in the top bar', () => {
    const page = new DOMParser().parseFromString(readFileSync(INDEX_HTML, 'utf8'), 'text/html');
    const shellLogo = page.querySelector('#root .site-header .nav .nav__logo > .logo');
    expect(shellLogo).not.toBeNull();
    const { container } = render(<Logo />);
    // Whitespace between tags is formatting (prettier's), not markup.
    const markup = (element: Element | null | undefined) =>
      element?.outerHTML.replace(/>\s+</g, '><').replace(/\s+/g, ' ');
    expect(markup(container.querySelector('.logo'))).toBe(markup(shellLogo));
  });
});
