/**
 * Who may use a chat session: a user only their own sessions; a guest only a guest session
 * whose id and e-mail it proves, and only for 24 h after it started (core isGuestSessionValid, the
 * same rule the widgets apply to what they stored). Support (ADMIN) may use every session.
 */
import { isGuestSessionValid, type ChatSessionStatus, type GuestInfo } from '@prijsalarm/core';
import type { ChatSession, User } from '../models';

/** Who is calling a visitor endpoint: a signed-in user, or a guest with the details they gave. */
export type ChatVisitor =
  { kind: 'user'; user: Pick<User, 'id'> } | { kind: 'guest'; guestInfo: GuestInfo };

type SessionFacts = Pick<ChatSession, 'userId' | 'guestEmail' | 'status' | 'createdAt'>;

/** A guest session is over 24 h after it started. */
export function isChatSessionExpired(session: SessionFacts, now: Date): boolean {
  const started = session.createdAt.getTime();
  // The row's time is the server's own: one written a moment after `now` was taken is not "in the
  // future" the way a tampered stored timestamp would be.
  return session.userId === null && !isGuestSessionValid(started, Math.max(now.getTime(), started));
}

/** The status the API reports: an expired guest session is 'closed'. */
export function chatSessionStatus(session: SessionFacts, now: Date): ChatSessionStatus {
  if (session.status === 'resolved') return 'resolved';
  return isChatSessionExpired(session, now) ? 'closed' : 'active';
}

export const chatPolicy = {
  /** Whether the visitor owns the session (expiry aside: see chatSessionStatus). */
  owns(visitor: ChatVisitor, session: SessionFacts): boolean {
    if (visitor.kind === 'user')
      return session.userId !== null && session.userId === visitor.user.id;
    return (
      session.userId === null &&
      session.guestEmail !== null &&
      session.guestEmail === visitor.guestInfo.email.trim().toLowerCase()
    );
  },

  /** Messages may be added while the session is active (not resolved, not expired). */
  canWrite(session: SessionFacts, now: Date): boolean {
    return chatSessionStatus(session, now) === 'active';
  },

  isAgent(user: Pick<User, 'isAdmin'> | null | undefined): boolean {
    return !!user?.isAdmin;
  },
};
