/**
 * What text from outside may hold. Marketplace ads, chat names and query strings can carry control
 * characters and bidi overrides: a NUL ends a C string (SQLite refuses a statement holding one),
 * and an override makes "gnp.exe" read as "exe.png" wherever the text is shown. Stored text is
 * cleaned with `cleanText`; a single-line input that holds such a character is refused instead.
 */

/** C0 controls but tab and newline, DEL and the C1 controls. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** Bidi embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
/** Any of the above, tab and newline included: nothing a one-line value needs. */
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** At most `maxLength` UTF-16 units, never cutting a surrogate pair in half. */
export function capText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/**
 * Text as it may be stored and shown: control characters (but tab and newline) and bidi controls
 * removed, then capped at `maxLength`.
 */
export function cleanText(text: string, maxLength = Number.POSITIVE_INFINITY): string {
  return capText(text.replace(CONTROL_CHARACTERS, '').replace(BIDI_CONTROLS, ''), maxLength);
}

/** `cleanText` for one line: tabs and newlines become a space, runs of spaces one, trimmed. */
export function cleanLine(text: string, maxLength = Number.POSITIVE_INFINITY): string {
  return capText(
    cleanText(text)
      .replace(/[\t\n]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim(),
    maxLength,
  );
}

/** True when a one-line value holds a control or bidi character (tab and newline included). */
export function hasControlCharacters(text: string): boolean {
  return ANY_CONTROL.test(text);
}
