/**
 * Who may end a login session: its own user, from any of their devices. Another user's session
 * is indistinguishable from one that does not exist (the caller only learns "not found").
 */

/** Session families are named by a UUID; anything else cannot exist. */
const SESSION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const sessionPolicy = {
  /** Whether `familyId` can name a session at all (checked before any lookup). */
  isSessionId(familyId: string): boolean {
    return SESSION_ID_PATTERN.test(familyId);
  },

  /** The caller may end `familyId` when it is one of their own live sessions. */
  canEnd(ownLiveSessions: readonly { familyId: string }[], familyId: string): boolean {
    return (
      sessionPolicy.isSessionId(familyId) &&
      ownLiveSessions.some((session) => session.familyId === familyId)
    );
  },
};
