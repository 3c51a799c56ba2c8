/**
 * The mails' colours: the site's tokens (packages/web/src/styles/global.css: brand orange, ink,
 * muted, borders), and for dark mode the lighter tints that read on a dark card. Every text and
 * its background reach 4.5:1 in both schemes, the button's white on orange too (5.2:1); the
 * design test computes each pair and checks the light tokens against the site's stylesheet.
 */
export const MAIL_THEME = {
  light: {
    page: '#f5f5f4',
    card: '#ffffff',
    ink: '#1c1917',
    muted: '#57534e',
    border: '#e7e5e4',
    link: '#c2410c',
    price: '#166534',
    placeholder: '#fff7ed',
    placeholderInk: '#9a3412',
  },
  dark: {
    page: '#0c0a09',
    card: '#1c1917',
    ink: '#fafaf9',
    muted: '#d6d3d1',
    border: '#44403c',
    link: '#fdba74',
    price: '#86efac',
    placeholder: '#292524',
    placeholderInk: '#fdba74',
  },
  /** One in both schemes: the button and the card's top edge, as the site's primary. */
  brand: '#c2410c',
  buttonInk: '#ffffff',
  font: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
} as const;

/** The pairs of text on background that a mail shows, per scheme (the design test reads them). */
export function contrastPairs(): { name: string; ink: string; background: string }[] {
  const pairs = (scheme: 'light' | 'dark') => {
    const colours = MAIL_THEME[scheme];
    return [
      ['text', colours.ink, colours.card],
      ['muted text', colours.muted, colours.card],
      ['link', colours.link, colours.card],
      ['price', colours.price, colours.card],
      ['no-photo label', colours.placeholderInk, colours.placeholder],
      ['footer', colours.muted, colours.page],
      ['footer link', colours.link, colours.page],
      ['logo name', colours.ink, colours.page],
    ].map(([name, ink, background]) => ({
      name: `${scheme} ${name}`,
      ink: ink!,
      background: background!,
    }));
  };
  return [
    { name: 'button', ink: MAIL_THEME.buttonInk, background: MAIL_THEME.brand },
    ...pairs('light'),
    ...pairs('dark'),
  ];
}
