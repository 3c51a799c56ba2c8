/**
 * An alert's secret links, rebuilt from the nonces stored on the row (the tokens themselves are
 * never stored): the manage page and the refresh link that extends the alert.
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
