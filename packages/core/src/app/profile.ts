/** The navigation bar's profile menu: an avatar with the first letter of the e-mail. */

export function avatarLetter(email: string): string {
  const first = Array.from(email.trim())[0];
  return first ? first.toLocaleUpperCase('nl-NL') : '?';
}
