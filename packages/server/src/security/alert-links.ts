/**
 * An alert's secret links, rebuilt from the nonces stored on the row (the tokens themselves are
 * never stored): the manage page, the refresh link that extends the alert, and its RSS feed.
 */
import type { Config } from '../config/env';
import { TOKEN_PURPOSES, type TokenService } from './tokens';

/** The row's nonces that the links are derived from. */
export interface AlertLinkNonces {
  manageTokenNonce: string;
  refreshTokenNonce: string;
}

export interface AlertLinkContext {
  config: Pick<Config, 'publicUrl'>;
  tokens: TokenService;
}

export function manageTokenOf(context: AlertLinkContext, alert: AlertLinkNonces): string {
  return context.tokens.tokenFor(TOKEN_PURPOSES.alertManage, alert.manageTokenNonce);
}

/** `${PUBLIC_URL}/manage/{manageToken}`: the page where the link holder manages the alert. */
export function manageUrlOf(context: AlertLinkContext, alert: AlertLinkNonces): string {
  return `${context.config.publicUrl}/manage/${manageTokenOf(context, alert)}`;
}

/** `${PUBLIC_URL}/manage/{manageToken}/refresh/{refreshToken}`: extends the alert. */
export function refreshUrlOf(context: AlertLinkContext, alert: AlertLinkNonces): string {
  const refreshToken = context.tokens.tokenFor(
    TOKEN_PURPOSES.alertRefresh,
    alert.refreshTokenNonce,
  );
  return `${manageUrlOf(context, alert)}/refresh/${refreshToken}`;
}

/** The row's feed columns; a link exists once both are set. */
export interface AlertFeedNonce {
  feedTokenNonce: string | null;
  feedTokenHash: string | null;
}

/**
 * `${PUBLIC_URL}/api/alerts/feed/{feedToken}`: the alert's private RSS feed, or null while the row
 * has no working feed token (its hash is derived at start, commands/alert-feed.ts).
 */
export function feedUrlOf(context: AlertLinkContext, alert: AlertFeedNonce): string | null {
  if (!alert.feedTokenNonce || !alert.feedTokenHash) return null;
  const feedToken = context.tokens.tokenFor(TOKEN_PURPOSES.alertFeed, alert.feedTokenNonce);
  return `${context.config.publicUrl}/api/alerts/feed/${feedToken}`;
}
