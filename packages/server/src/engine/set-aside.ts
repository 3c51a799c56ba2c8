/**
 * A listing the database refuses even on its own is set aside — kept with why, for the admin — and
 * the rest of its batch, search or category goes on. Without this, one bad ad failed every retry
 * of its whole batch and every check of its search until the ad went offline.
 */
import { capText, cleanText, type PlatformId, type SetAsideStage } from '@prijsalarm/core';
import {
  DatabaseError,
  ForeignKeyConstraintError,
  TimeoutError,
  UniqueConstraintError,
  ValidationError,
  type Transaction,
} from 'sequelize';
import type { AppContext } from '../context';

const REASON_MAX_LENGTH = 1000;
const SNIPPET_MAX_LENGTH = 500;
const LISTING_ID_MAX_LENGTH = 64;

/** What a screen should not draw: every control and bidi character (JSON leaves C1 and bidi be). */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The start of what was read, as JSON text with every control or bidi character escaped. */
export function snippetOf(value: unknown): string {
  let json: string;
  try {
    json = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    json = String(value);
  }
  const escaped = json.replace(
    UNPRINTABLE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return capText(escaped, SNIPPET_MAX_LENGTH);
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return cleanText(message, REASON_MAX_LENGTH) || 'onbekende fout';
}

/** MariaDB's lock wait timeout and deadlock: the same write may succeed when tried again. */
const RETRYABLE_ERRNOS = new Set([1205, 1213]);

/**
 * Whether the database refused the data itself (a value it cannot store, a statement it cannot
 * read), which trying again cannot cure. A busy or lost database, a race on a unique key or a row
 * deleted meanwhile is not a refusal: the job is retried and no ad is set aside for it.
 */
export function isRefusal(error: unknown): boolean {
  if (error instanceof ValidationError) return !(error instanceof UniqueConstraintError);
  if (!(error instanceof DatabaseError)) return false;
  if (error instanceof TimeoutError || error instanceof ForeignKeyConstraintError) return false;
  const errno = (error.parent as { errno?: number } | undefined)?.errno;
  return errno === undefined || !RETRYABLE_ERRNOS.has(errno);
}

export interface SetAside {
  platform: PlatformId;
  listingId: string;
  stage: SetAsideStage;
  error: unknown;
  /** The listing as read (object or stored JSON). */
  listing: unknown;
}

/** Records that a listing was set aside; logs, never throws (the rest of the batch must go on). */
export async function setListingAside(
  ctx: Pick<AppContext, 'models' | 'logger'>,
  entry: SetAside,
  transaction?: Transaction,
): Promise<void> {
  const reason = reasonOf(entry.error);
  ctx.logger.warn(
    { platform: entry.platform, listingId: entry.listingId, stage: entry.stage, reason },
    'listing set aside: the database refused it on its own',
  );
  try {
    await ctx.models.SetAsideListing.create(
      {
        platform: entry.platform,
        listingId: cleanText(entry.listingId, LISTING_ID_MAX_LENGTH),
        stage: entry.stage,
        reason,
        snippet: snippetOf(entry.listing),
      },
      { transaction },
    );
  } catch (error) {
    ctx.logger.warn({ err: error, listingId: entry.listingId }, 'set-aside listing not recorded');
  }
}
