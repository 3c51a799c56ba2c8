/**
 * Telling a user's open pages that their plan or alert limit changed (sockets/events.ts sends
 * `{ type: 'account' }`), once the change is committed: a page that asks again must find it.
 */
import type { Transaction } from 'sequelize';
import type { AppContext } from '../context';

export function announceAccountChange(
  ctx: Pick<AppContext, 'events'>,
  userId: string,
  transaction?: Transaction,
): void {
  const announce = () => ctx.events.emit('account.changed', { userId });
  if (transaction) transaction.afterCommit(announce);
  else announce();
}
