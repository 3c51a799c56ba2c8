import { useId, useRef, useState } from 'react';
import { ALERT_FEED_ITEM_LIMIT, ALERT_FEED_TEXTS } from '@prijsalarm/core';
import { browserClipboard, type Clipboard } from '../../platform/clipboard';
import { useStores } from '../../stores/context';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import './alert-feed.css';

const texts = ALERT_FEED_TEXTS.link;

interface AlertFeedLinkProps {
  searchTerm: string;
  /** Null while the alert has no feed link yet: then the one action is to make one. */
  feedUrl: string | null;
  /** A request for this alert is under way. */
  busy: boolean;
  /** POST …/feed/renew; resolves once the new link is shown. */
  onRenew(): Promise<void>;
  clipboard?: Clipboard;
}

/**
 * An alert's private RSS link: the URL to select or copy, and a new link that
 * revokes the old one after a question. Every control names its alert, so the dashboard's cards
 * can be told apart by a screen reader.
 */
export function AlertFeedLink({
  searchTerm,
  feedUrl,
  busy,
  onRenew,
  clipboard = browserClipboard,
}: AlertFeedLinkProps) {
  const root = useStores();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [asking, setAsking] = useState(false);

  const copy = async () => {
    if (!feedUrl) return;
    if (await clipboard(feedUrl)) {
      root.toasts.success(texts.copied);
    } else {
      // Selected, the link is one Ctrl+C away.
      input.current?.focus();
      input.current?.select();
      root.toasts.error(texts.copyFailed);
    }
  };
  const renew = async () => {
    await onRenew();
    setAsking(false);
  };

  return (
    <div className="feed-link">
      {feedUrl ? (
        <label className="field__label" htmlFor={inputId}>
          {texts.heading}
          <span className="visually-hidden"> {searchTerm}</span>
        </label>
      ) : (
        <span className="field__label">{texts.heading}</span>
      )}
      <p className="field__hint" id={hintId}>
        {texts.hint(ALERT_FEED_ITEM_LIMIT)}
      </p>
      {feedUrl ? (
        <div className="feed-link__row">
          <input
            ref={input}
            id={inputId}
            className="field__input feed-link__url"
            type="url"
            readOnly
            value={feedUrl}
            aria-describedby={hintId}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={texts.copyLabel(searchTerm)}
            onClick={() => void copy()}
          >
            {texts.copy}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={texts.renewLabel(searchTerm)}
            aria-disabled={busy}
            onClick={() => setAsking(true)}
          >
            {texts.renew}
          </button>
        </div>
      ) : (
        <p className="feed-link__row">
          <span>{texts.none}</span>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={texts.createLabel(searchTerm)}
            aria-disabled={busy}
            onClick={() => void (busy ? undefined : onRenew())}
          >
            {texts.create}
          </button>
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={texts.renewDialog.title}
        confirmLabel={texts.renewDialog.confirm}
        busy={busy}
        onConfirm={() => void renew()}
        onCancel={() => setAsking(false)}
      >
        <p>{texts.renewDialog.text}</p>
      </ConfirmDialog>
    </div>
  );
}
