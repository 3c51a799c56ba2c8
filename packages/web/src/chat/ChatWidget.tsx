/**
 * The support chat widget (spec §2 Chat widget), loaded lazily by ChatLoader. Logic lives in
 * ChatStore and core; this renders it: the floating button with its badge, the greeting bubble,
 * the guest form, the messages with their marks, quick questions, the typing indicator, the
 * composer and the ended panel. New messages are read out through a polite live region.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import {
  CHAT_GREETING_DELAY_MS,
  CHAT_GREETING_HIDE_AFTER_MS,
  CHAT_GREETING_HOVER_DELAY_MS,
  CHAT_QUICK_QUESTIONS,
  CHAT_STRINGS,
  unreadBadge,
  type ChatMessage,
} from '@prijsalarm/core';
import { useStores } from '../stores/context';
import { ChatStore } from './ChatStore';
import './chat.css';

const w = CHAT_STRINGS.widget;
const timeFormat = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit' });

/**
 * The marks of the visitor's own messages: being sent, sent (stored), delivered (reached support).
 * §7's socket has no read event, so a live "read by support" mark cannot be kept true.
 */
function Marks({ message, pending }: { message: ChatMessage; pending: boolean }) {
  const label = pending ? w.sending : message.delivered ? w.delivered : w.sent;
  return (
    <span className="chat-msg__marks" title={label}>
      <span aria-hidden="true">{pending ? '…' : message.delivered ? '✓✓' : '✓'}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

const Messages = observer(function Messages({ store }: { store: ChatStore }) {
  const listRef = useRef<HTMLOListElement>(null);
  const { messages, pendingTempIds } = store.state;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, store.state.supportTyping]);
  return (
    <ol className="chat-messages" ref={listRef} aria-label={w.messages} tabIndex={0}>
      {messages.map((message) => {
        const own = message.sender === 'user' || message.sender === 'guest';
        return (
          <li key={message.id} className={`chat-msg chat-msg--${message.sender}`}>
            {message.sender !== 'system' && (
              <span className="visually-hidden">{own ? w.you : w.support}: </span>
            )}
            <span className="chat-msg__text">{message.text}</span>
            {message.sender !== 'system' && (
              <span className="chat-msg__meta">
                <time dateTime={message.timestamp}>
                  {timeFormat.format(new Date(message.timestamp))}
                </time>
                {own && <Marks message={message} pending={pendingTempIds.includes(message.id)} />}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
});

const GuestForm = observer(function GuestForm({ store }: { store: ChatStore }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The first field with an error gets the focus, so its message is read out.
    void store
      .submitGuestForm()
      .then(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  const field = (name: 'name' | 'email', label: string, type: string, autoComplete: string) => {
    const error = store.formErrors[name];
    return (
      <div className={error ? 'field has-error' : 'field'}>
        <label className="field__label" htmlFor={`${id}-${name}`}>
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          className="field__input"
          type={type}
          autoComplete={autoComplete}
          value={store.form[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          onChange={(event) => store.setFormField(name, event.target.value)}
        />
        {error && (
          <p className="field__error" id={`${id}-${name}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <form className="chat-form" ref={formRef} onSubmit={submit} noValidate>
      <p>{w.guestIntro}</p>
      {field('name', w.nameLabel, 'text', 'name')}
      {field('email', w.emailLabel, 'email', 'email')}
      {store.formError && (
        <p className="field__error" role="alert">
          {store.formError}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={store.submitting}>
        {store.submitting ? w.starting : w.start}
      </button>
    </form>
  );
});

const Composer = observer(function Composer({ store }: { store: ChatStore }) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    store.send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      store.send();
    }
  };
  return (
    <form className="chat-composer" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        {w.messageLabel}
      </label>
      <textarea
        id={id}
        className="field__input chat-composer__input"
        rows={2}
        placeholder={w.messageLabel}
        value={store.draft}
        onChange={(event) => store.setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={store.sending || store.draft.trim() === ''}
      >
        {w.send}
      </button>
    </form>
  );
});

const Panel = observer(function Panel({ store }: { store: ChatStore }) {
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const { state } = store;
  useEffect(() => {
    panelRef.current
      ?.querySelector<HTMLElement>('input, textarea, button.chat-ended__new')
      ?.focus();
  }, [store.showGuestForm, state.phase]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') store.minimize();
  };
  return (
    <section
      ref={panelRef}
      className="chat-panel"
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <div className="chat-panel__header">
        <div>
          <h2 id={titleId} className="chat-panel__title">
            {w.title}
          </h2>
          <p className="chat-panel__support">{store.supportStatusText}</p>
        </div>
        <div className="chat-panel__actions">
          {state.phase === 'active' && (
            <button
              type="button"
              className="button button--secondary chat-small-button"
              onClick={() => void store.endChat()}
            >
              {w.endChat}
            </button>
          )}
          <button
            type="button"
            className="chat-icon-button"
            aria-label={w.minimize}
            onClick={store.minimize}
          >
            <span aria-hidden="true">–</span>
          </button>
        </div>
      </div>
      {store.statusText && (
        <p className="chat-panel__status" role="status">
          {store.statusText}
        </p>
      )}
      {store.showGuestForm ? (
        <GuestForm store={store} />
      ) : (
        <>
          <Messages store={store} />
          {state.supportTyping && <p className="chat-typing">{w.typing}</p>}
          {state.phase === 'resolved' && state.ended ? (
            <div className="chat-ended">
              <p>{state.ended.text}</p>
              <div className="chat-ended__buttons">
                <button
                  type="button"
                  className="button button--primary chat-ended__new"
                  onClick={store.newChat}
                >
                  {w.newChat}
                </button>
                <button type="button" className="button" onClick={store.minimize}>
                  {w.close}
                </button>
              </div>
            </div>
          ) : (
            <>
              {store.showQuickQuestions && state.phase === 'active' && (
                <div className="chat-quick" role="group" aria-label={w.quickQuestions}>
                  {CHAT_QUICK_QUESTIONS.map((question) => (
                    <button
                      key={question.id}
                      type="button"
                      className="button button--secondary chat-small-button"
                      disabled={store.sending}
                      onClick={() => store.send(question.text)}
                    >
                      {question.label}
                    </button>
                  ))}
                </div>
              )}
              {state.phase === 'active' && <Composer store={store} />}
            </>
          )}
        </>
      )}
    </section>
  );
});

/** The greeting: after 5 s (not on the dashboard), or on hover after 0.5 s; gone after 8 s. */
function useGreeting(store: ChatStore, onDashboard: boolean) {
  const [visible, setVisible] = useState(false);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const quiet = store.hasInteracted || store.state.isOpen;
  useEffect(() => {
    if (quiet || onDashboard) return;
    const show = setTimeout(() => setVisible(true), CHAT_GREETING_DELAY_MS);
    return () => clearTimeout(show);
  }, [quiet, onDashboard]);
  useEffect(() => {
    if (!visible) return;
    const hide = setTimeout(() => setVisible(false), CHAT_GREETING_HIDE_AFTER_MS);
    return () => clearTimeout(hide);
  }, [visible]);
  useEffect(() => () => void (hoverTimer.current && clearTimeout(hoverTimer.current)), []);
  return {
    visible: visible && !store.state.isOpen,
    hide: () => setVisible(false),
    hoverStart: () => {
      if (quiet) return;
      hoverTimer.current = setTimeout(() => setVisible(true), CHAT_GREETING_HOVER_DELAY_MS);
    },
    hoverEnd: () => hoverTimer.current && clearTimeout(hoverTimer.current),
  };
}

export interface ChatWidgetProps {
  /** Opened by the loader (open-mobile-chat, a ?chat= link). */
  openOnStart: boolean;
  /** The session a reply mail's link names; a guest proves it with the form. */
  resumeSessionId: string | null;
  onDashboard: boolean;
}

const ChatWidget = observer(function ChatWidget({
  openOnStart,
  resumeSessionId,
  onDashboard,
}: ChatWidgetProps) {
  const root = useStores();
  const [store] = useState(() => new ChatStore(root));
  useEffect(() => {
    store.start(resumeSessionId);
    if (openOnStart) store.open();
    return () => store.dispose();
  }, [store, openOnStart, resumeSessionId]);
  const greeting = useGreeting(store, onDashboard);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    // Focus goes back to the button when the panel closes.
    if (wasOpen.current && !store.state.isOpen) launcherRef.current?.focus();
    wasOpen.current = store.state.isOpen;
  }, [store.state.isOpen]);
  const badge = unreadBadge(store.state.unread);

  return (
    <div className="chat">
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {store.announcement}
      </div>
      {store.state.isOpen ? (
        <Panel store={store} />
      ) : (
        <>
          {greeting.visible && (
            <div className="chat-greeting">
              <p>{w.greeting}</p>
              <button
                type="button"
                className="chat-icon-button"
                aria-label={w.closeGreeting}
                onClick={greeting.hide}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
          )}
          <button
            ref={launcherRef}
            type="button"
            className="chat-launcher"
            aria-label={badge ? `${w.open} (${w.unread(store.state.unread)})` : w.open}
            onClick={() => {
              greeting.hide();
              store.open();
            }}
            onMouseEnter={greeting.hoverStart}
            onMouseLeave={greeting.hoverEnd}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="26" height="26">
              <path
                fill="currentColor"
                d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"
              />
            </svg>
            {badge && (
              <span className="chat-badge" aria-hidden="true">
                {badge}
              </span>
            )}
          </button>
        </>
      )}
    </div>
  );
});

export default ChatWidget;
