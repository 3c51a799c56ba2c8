/**
 * The support chat's conversation, drawn once for the web widget's panel and the desktop chat
 * window: support's status, the connection status bar, the messages with their marks, quick
 * questions, the typing indicator, the guest form, the composer and the ended panel. Logic lives
 * in ChatStore and core.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { CHAT_QUICK_QUESTIONS, CHAT_TEXTS, type ChatMessage } from '@prijsalarm/core';
import type { ChatStore } from './ChatStore';

const w = CHAT_TEXTS.widget;
// Made at the first message, not when the chat's code loads: a page's first Intl formatter
// loads the locale data (a long task on a phone; the web page loads this chunk while idle).
let timeFormat: Intl.DateTimeFormat | null = null;
const formatTime = (timestamp: number | string) =>
  (timeFormat ??= new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit' })).format(
    new Date(timestamp),
  );

/**
 * The marks of the visitor's own messages: being sent, sent (stored), delivered (reached support).
 * The chat socket has no read event, so a live "read by support" mark cannot be kept true.
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
                <time dateTime={message.timestamp}>{formatTime(message.timestamp)}</time>
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

export interface ChatPanelProps {
  store: ChatStore;
  /**
   * 'widget': the web's floating dialog (a minimize button, Escape minimizes); 'window': a whole
   * window of its own (the desktop's), whose title is the page's heading.
   */
  variant: 'widget' | 'window';
  /** 'Sluiten' under an ended chat (and the widget's minimize button). */
  onClose(): void;
}

/** The conversation: header with support's status, the status bar, messages, composer, ended panel. */
export const ChatPanel = observer(function ChatPanel({ store, variant, onClose }: ChatPanelProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const { state } = store;
  const Heading = variant === 'window' ? 'h1' : 'h2';
  useEffect(() => {
    panelRef.current
      ?.querySelector<HTMLElement>('input, textarea, button.chat-ended__new')
      ?.focus();
  }, [store.showGuestForm, state.phase]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && variant === 'widget') onClose();
  };
  return (
    <section
      ref={panelRef}
      className={`chat-panel chat-panel--${variant}`}
      role={variant === 'widget' ? 'dialog' : undefined}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <div className="chat-panel__header">
        <div>
          <Heading id={titleId} className="chat-panel__title">
            {w.title}
          </Heading>
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
          {variant === 'widget' && (
            <button
              type="button"
              className="chat-icon-button"
              aria-label={w.minimize}
              onClick={onClose}
            >
              <span aria-hidden="true">–</span>
            </button>
          )}
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
                <button type="button" className="button" onClick={onClose}>
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

/** The polite live region new messages and the end of the chat are read out through. */
export const ChatAnnouncer = observer(function ChatAnnouncer({ store }: { store: ChatStore }) {
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {store.announcement}
    </div>
  );
});
