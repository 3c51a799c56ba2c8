/**
 * Who receives an alert's deliveries, as stored in `deliveries.recipient`: the user for a user's
 * alert, the lowercased address for a guest alert. Deliveries of one check with the same recipient
 * and channel are sent together (one e-mail per recipient per check).
 */
export type Recipient = `user:${string}` | `guest:${string}`;

export function recipientOf(alert: { userId: string | null; email: string | null }): Recipient {
  if (alert.userId) return `user:${alert.userId}`;
  if (alert.email) return `guest:${alert.email.trim().toLowerCase()}`;
  throw new Error('An alert without user and e-mail has no recipient');
}

export function parseRecipient(
  recipient: string,
): { kind: 'user'; userId: string } | { kind: 'guest'; email: string } | null {
  if (recipient.startsWith('user:')) return { kind: 'user', userId: recipient.slice(5) };
  if (recipient.startsWith('guest:')) return { kind: 'guest', email: recipient.slice(6) };
  return null;
}
