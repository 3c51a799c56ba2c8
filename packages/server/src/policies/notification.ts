/**
 * Who may see a notification: the owner of its alert, and nobody else (not even an admin through
 * these user routes). Guest alerts (no user) are managed through their token link instead.
 */
import type { Alert, User } from '../models';

export const notificationPolicy = {
  canView(user: Pick<User, 'id'>, alert: Pick<Alert, 'userId'> | null | undefined): boolean {
    return !!alert && alert.userId !== null && alert.userId === user.id;
  },
};
