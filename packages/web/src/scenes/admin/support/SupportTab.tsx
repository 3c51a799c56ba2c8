/** The 'Support' tab of /admin: the chat inbox (SupportStore). Message text is rendered as text. */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { CHAT_TEXTS, PLAN_LABELS, type ChatSessionSummary } from '@prijsalarm/core';
import { LoadError, Loading } from '../../../components/ui/LoadError';
import { useStores } from '../../../stores/context';
import { SupportStore } from './SupportStore';
import './support.css';

const t = CHAT_TEXTS.inbox;
const timeFormat = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

function visitorLabel(session: ChatSessionSummary): string {
  const { visitor } = session;
  const kind = visitor.kind === 'guest' ? t.guest : PLAN_LABELS[visitor.plan ?? 'FREE'];
  return `${visitor.name} · ${kind}`;
}

const SessionList = observer(function SessionList({ store }: { store: SupportStore }) {
  if (store.sessions.length === 0) return <p>{t.empty}</p>;
  return (
    <ul className="support-list" aria-label={t.title}>
      {store.sessions.map((session) => (
        <li key={session.id}>
          <button
            type="button"
            className="support-list__item"
            aria-current={session.id === store.selectedId ? 'true' : undefined}
            onClick={() => void store.select(session.id)}
          >
            <span className="support-list__who">{visitorLabel(session)}</span>
            <span className="support-list__email">{session.visitor.email}</span>
            <span className="support-list__last">{session.lastMessage?.text ?? ''}</span>
            <span className="support-list__meta">
              <span>{session.status === 'active' ? t.active : t.resolved}</span>
              <time dateTime={session.lastActivityAt}>
                {timeFormat.format(new Date(session.lastActivityAt))}
              </time>
              {session.unread > 0 && session.status === 'active' && (
                <span className="support-list__unread">{t.unread(session.unread)}</span>
              )}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
});

const Conversation = observer(function Conversation({ store }: { store: SupportStore }) {
  const id = useId();
  const session = store.selected;
  if (!session) return <p>{t.choose}</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.reply();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void store.reply();
    }
  };
  return (
    <section className="support-conversation" aria-labelledby={`${id}-title`}>
      <header className="support-conversation__header">
        <div>
          <h2 id={`${id}-title`}>{visitorLabel(session)}</h2>
          <p>{session.visitor.email}</p>
        </div>
        {session.status === 'active' && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void store.resolve()}
          >
            {t.resolve}
          </button>
        )}
      </header>
      <ol className="support-messages" aria-live="polite" aria-label={CHAT_TEXTS.widget.messages}>
        {store.messages.map((message) => (
          <li key={message.id} className={`support-msg support-msg--${message.sender}`}>
            <span className="support-msg__text">{message.text}</span>
            <time dateTime={message.timestamp}>
              {timeFormat.format(new Date(message.timestamp))}
            </time>
          </li>
        ))}
      </ol>
      {store.visitorTyping && <p className="support-typing">{t.visitorTyping}</p>}
      {store.replyError && (
        <p className="field__error" role="alert">
          {store.replyError}
        </p>
      )}
      {session.status === 'active' && (
        <form className="support-reply" onSubmit={submit}>
          <label className="field__label" htmlFor={`${id}-reply`}>
            {t.reply}
          </label>
          <textarea
            id={`${id}-reply`}
            className="field__input"
            rows={3}
            value={store.draft}
            onChange={(event) => store.setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button
            type="submit"
            className="button button--primary"
            disabled={store.draft.trim() === ''}
          >
            {t.send}
          </button>
        </form>
      )}
    </section>
  );
});

export const SupportTab = observer(function SupportTab() {
  const root = useStores();
  const [store] = useState(() => new SupportStore(root));
  const switchId = useId();
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  if (store.status === 'loading' || store.status === 'idle') return <Loading />;
  if (store.status === 'error')
    return <LoadError message={store.error ?? t.loadFailed} onRetry={() => void store.load()} />;
  return (
    <div className="support">
      <div className="support__presence">
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          checked={store.agentOnline}
          onChange={(event) => void store.setPresence(event.target.checked)}
        />
        <label htmlFor={switchId}>{t.presenceLabel}</label>
        <span className={store.isOnline ? 'support__state support__state--on' : 'support__state'}>
          {store.isOnline ? t.online : t.offline}
        </span>
      </div>
      <div className="support__grid">
        <SessionList store={store} />
        <Conversation store={store} />
      </div>
    </div>
  );
});
