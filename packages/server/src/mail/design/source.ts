/**
 * The look of every mail, in MJML (responsive, Outlook-safe tables) and a few HTML snippets.
 * `{{name}}` marks a slot that a mail fills, escaped unless it is markup of ours (html.ts).
 *
 * MJML compiles once, at build time (`npm run mail:build -w @prijsalarm/server` writes
 * compiled.ts; the design test fails while it is stale): compiling per mail costs ~19 ms of CPU,
 * filling the compiled skeleton a fraction of one. The document is the shell (logo, card,
 * footer) with, where the body goes, one example of each block a body is made of; the build
 * cuts those out as the blocks and leaves `{{body}}` in their place.
 */
import { MAIL_THEME } from './theme';

const { light, dark, brand, buttonInk, font } = MAIL_THEME;

/** What the shell asks of every mail. */
export const SHELL_SLOTS = ['subject', 'preheader', 'logo', 'body', 'footer'] as const;

/** The blocks a mail body is a list of, each a row of the card's column. */
export const BLOCK_SLOTS = {
  paragraph: ['content'],
  small: ['content'],
  heading: ['content'],
  button: ['url', 'label'],
  quote: ['content'],
  facts: ['rows'],
  divider: [],
  ads: ['ads'],
} as const;

export type BlockName = keyof typeof BLOCK_SLOTS;

const PHOTO_WIDTH = 96;
const PHOTO_WIDTH_NARROW = 64;

/**
 * Dark mode where a client honours prefers-color-scheme (Apple Mail, Outlook for Mac); clients
 * that darken mails their own way (Gmail's apps, Outlook.com) recolour the light colours, which is
 * why every block sets its background as well as its text, and the logo is an opaque mark. On a
 * narrow screen the card's padding and the photo shrink, so an ad keeps its button on one line.
 */
const STYLES = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  body, .pa-page, .pa-page > div { background: ${dark.page} !important; }
  .pa-card, .pa-card > table, .pa-ad { background: ${dark.card} !important; }
  .pa-ad, .pa-quote, .pa-rule p { border-color: ${dark.border} !important; }
  .pa-ink div, .pa-ink td, .pa-ink h2, .pa-title { color: ${dark.ink} !important; }
  .pa-muted, .pa-ink .pa-muted, .pa-muted div, .pa-muted s { color: ${dark.muted} !important; }
  .pa-link { color: ${dark.link} !important; }
  .pa-price { color: ${dark.price} !important; }
  .pa-ph { background: ${dark.placeholder} !important; }
  .pa-ink .pa-ph td { color: ${dark.placeholderInk} !important; }
}
@media only screen and (max-width: 479px) {
  .pa-card > table > tbody > tr > td { padding-left: 16px !important; padding-right: 16px !important; }
  .pa-photo { width: ${PHOTO_WIDTH_NARROW}px !important; padding-right: 10px !important; }
  .pa-photo img, .pa-ph { width: ${PHOTO_WIDTH_NARROW}px !important; }
  .pa-ph td { height: 48px !important; font-size: 11px !important; }
}
`;

export const MJML_DOCUMENT = `<mjml lang="nl" dir="ltr">
  <mj-head>
    <mj-title>{{subject}}</mj-title>
    <mj-preview>{{preheader}}</mj-preview>
    <mj-raw>
      <meta name="color-scheme" content="light dark" />
      <meta name="supported-color-schemes" content="light dark" />
    </mj-raw>
    <mj-attributes>
      <mj-all font-family="${font}" />
      <mj-text font-size="16px" line-height="24px" color="${light.ink}" padding="0 0 16px" css-class="pa-ink" />
      <mj-button background-color="${brand}" color="${buttonInk}" font-size="16px" font-weight="700" line-height="20px" border-radius="6px" inner-padding="13px 24px" padding="4px 0 24px" align="left" />
      <mj-table font-size="15px" line-height="22px" color="${light.ink}" padding="0 0 16px" css-class="pa-ink" />
    </mj-attributes>
    <mj-style>${STYLES}</mj-style>
  </mj-head>
  <mj-body background-color="${light.page}" width="600px" css-class="pa-page">
    <mj-wrapper padding="20px 8px 32px">
      <mj-section padding="0 16px 16px">
        <mj-column>
          <mj-text padding="0" font-size="20px" line-height="32px" font-weight="800">
            {{logo}}
          </mj-text>
        </mj-column>
      </mj-section>
      <mj-section background-color="${light.card}" border-top="4px solid ${brand}" border-radius="10px" padding="28px 24px 8px" css-class="pa-card">
        <mj-column>
          <mj-raw><!--pa:body--></mj-raw>
          <mj-raw><!--pa:paragraph--></mj-raw>
          <mj-text>{{content}}</mj-text>
          <mj-raw><!--pa:small--></mj-raw>
          <mj-text font-size="13px" line-height="20px" color="${light.muted}" css-class="pa-muted">{{content}}</mj-text>
          <mj-raw><!--pa:heading--></mj-raw>
          <mj-text padding="8px 0 12px"><h2 style="margin:0;font-size:18px;line-height:26px;font-weight:700;color:${light.ink}">{{content}}</h2></mj-text>
          <mj-raw><!--pa:button--></mj-raw>
          <mj-button href="{{url}}">{{label}}</mj-button>
          <mj-raw><!--pa:quote--></mj-raw>
          <mj-text><div class="pa-quote" style="white-space:pre-wrap;border-left:3px solid ${light.border};padding:8px 12px">{{content}}</div></mj-text>
          <mj-raw><!--pa:facts--></mj-raw>
          <mj-table>{{rows}}</mj-table>
          <mj-raw><!--pa:divider--></mj-raw>
          <mj-divider border-width="1px" border-color="${light.border}" padding="8px 0 24px" css-class="pa-rule" />
          <mj-raw><!--pa:ads--></mj-raw>
          <mj-table padding="0 0 8px">{{ads}}</mj-table>
          <mj-raw><!--/pa:body--></mj-raw>
        </mj-column>
      </mj-section>
      <mj-section padding="20px 16px 0">
        <mj-column>
          <mj-text padding="0" font-size="13px" line-height="20px" color="${light.muted}" css-class="pa-muted">{{footer}}</mj-text>
        </mj-column>
      </mj-section>
    </mj-wrapper>
  </mj-body>
</mjml>`;

/** Inline markup that goes inside the blocks: plain HTML, no MJML needed. */
export const SNIPPETS = {
  link: `<a href="{{url}}" class="pa-link" style="color:${light.link};word-break:break-word">{{label}}</a>`,
  factRow: `<tr><td class="pa-muted" style="padding:3px 16px 3px 0;color:${light.muted};vertical-align:top">{{label}}</td><td style="padding:3px 0;font-weight:700">{{value}}</td></tr>`,
  /**
   * One ad of the list: photo (or the no-photo square) beside its facts and its button. Lean on
   * purpose: a digest lists 50 of these and must stay under Gmail's 102 KB clip.
   */
  ad: `<tr><td class="pa-ad" bgcolor="${light.card}" style="border:1px solid ${light.border};padding:12px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td class="pa-photo" width="${PHOTO_WIDTH}" valign="top" style="padding-right:14px">{{photo}}</td><td valign="top" style="word-break:break-word"><div style="font-size:16px;line-height:22px;font-weight:700">{{title}}</div><div style="padding-top:4px">{{price}}</div><div class="pa-muted" style="font-size:14px;line-height:20px;color:${light.muted}">{{facts}}</div>{{button}}</td></tr></table></td></tr><tr><td height="12"></td></tr>`,
  /** The ad's button: the block's button, slimmed (the cell's colour carries it in Outlook). */
  adButton: `<table role="presentation" cellpadding="0" cellspacing="0" style="margin-top:10px"><tr><td bgcolor="${brand}" style="border-radius:6px;mso-padding-alt:9px 16px"><a href="{{url}}" style="display:inline-block;padding:9px 16px;color:${buttonInk};font-size:15px;font-weight:700;line-height:20px;text-decoration:none">{{label}}</a></td></tr></table>`,
  adTitle: `<a href="{{url}}" class="pa-title" style="color:${light.ink};text-decoration:none">{{title}}</a>`,
  photo: `<img src="{{src}}" width="${PHOTO_WIDTH}" alt="" style="display:block;height:auto;border-radius:6px" />`,
  noPhoto: `<table role="presentation" class="pa-ph" width="${PHOTO_WIDTH}" cellpadding="0" cellspacing="0" border="0" bgcolor="${light.placeholder}" style="width:${PHOTO_WIDTH}px;background:${light.placeholder};border-radius:6px"><tr><td height="72" align="center" valign="middle" style="height:72px;font-size:12px;line-height:16px;font-weight:700;color:${light.placeholderInk}">{{label}}</td></tr></table>`,
  price: `<span class="pa-price" style="color:${light.price};font-weight:700">{{price}}</span>`,
  priceDrop: `<span class="pa-muted" style="color:${light.muted}">{{was}} <s style="color:${light.muted}">{{previous}}</s></span> <span class="pa-price" style="color:${light.price};font-weight:700">{{price}}</span>`,
  /** The logo: the mark (a hosted PNG, orange and white, so it shows on light and dark) and the
   * name as text, so it reads with images off too. */
  logo: `<a href="{{homeUrl}}" class="pa-title" style="color:${light.ink};text-decoration:none"><img src="{{logoUrl}}" width="32" height="32" alt="" style="display:inline-block;vertical-align:middle;border:0" />&nbsp;&nbsp;<span style="vertical-align:middle">{{productName}}</span></a>`,
  /** The footer: what sends it, who is behind it, where. */
  footer: `{{product}}<br />{{company}}<br /><a href="{{homeUrl}}" class="pa-link" style="color:${light.link}">{{homeLabel}}</a>`,
} as const;

export type SnippetName = keyof typeof SNIPPETS;
