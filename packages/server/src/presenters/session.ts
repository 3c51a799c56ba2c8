/** A login session as its user sees it in the sessions list (core's SessionDto). */
import type { SessionDto } from '@prijsalarm/core';

/** One login (a family of rotated refresh tokens). */
export interface SessionFamily {
  familyId: string;
  /** When the user logged in. */
  createdAt: Date;
  lastUsedAt: Date | null;
  userAgent: string | null;
}

export function presentSession(family: SessionFamily, currentFamilyId: string): SessionDto {
  return {
    id: family.familyId,
    createdAt: family.createdAt.toISOString(),
    lastUsedAt: family.lastUsedAt?.toISOString() ?? null,
    userAgent: family.userAgent,
    current: family.familyId === currentFamilyId,
  };
}
