/**
 * The support chat, minimal for now: core's chat reducer and HTTP calls (through main, signed in
 * as the user). The shared chat components of the web widget replace this view when they land;
 * the bridge calls below stay.
 */
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import {
  CHAT_FALLBACK_POLL_MS,
  DESKTOP_STRINGS,
  INITIAL_CHAT_STATE,
  STRINGS,
  chatReducer,
} from '@prijsalarm/core';
import type { DesktopState } from '../../../shared/ipc';
import { bridge, unwrap } from '../bridge';

const T = DESKTOP_STRINGS.chatWindow;

export function ChatWindow({ state }: { state: DesktopState | null }) {
  const [chat, dispatch] = useReducer(chatReducer, INITIAL_CHAT_STATE);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tempSeq = useRef(0);
  const signedIn = state?.signedIn ?? false;

  async function start() {
    setError(null);
    try {
      const started = await unwrap(bridge().chatStart());
      dispatch({ type: 'initialized', ...started });
    } catch {
      setError(T.unavailable);
    }
  }

  const sessionId = chat.phase === 'active' ? chat.sessionId : null;
  const lastMessageId = chat.messages.filter((m) => m.sender !== 'system').at(-1)?.id ?? null;
  useEffect(() => {
    if (!sessionId) return;
    const timer = setInterval(() => {
      void bridge()
        .chatCheck({ sessionId, lastMessageId })
        .then((result) => {
          if (!result.ok) return;
          dispatch({ type: 'messages_received', messages: result.value.newMessages });
          if (result.value.sessionStatus !== 'active') {
            dispatch({ type: 'session_closed', at: new Date().toISOString() });
          }
        });
    }, CHAT_FALLBACK_POLL_MS);
    return () => clearInterval(timer);
  }, [sessionId, lastMessageId]);

  async function send(event: FormEvent) {
    event.preventDefault();
    const message = text.trim();
    if (!sessionId || message === '') return;
    tempSeq.current += 1;
    const tempId = `temp-${tempSeq.current}`;
    const at = new Date().toISOString();
    dispatch({ type: 'send_started', tempId, text: message, sender: 'user', at });
    setText('');
    try {
      const sent = await unwrap(bridge().chatSend({ sessionId, message }));
      dispatch({ type: 'message_sent', tempId, messageId: sent.messageId });
    } catch {
      dispatch({ type: 'send_failed', tempId, at: new Date().toISOString() });
    }
  }

  async function end() {
    if (!sessionId) return;
    try {
      await unwrap(bridge().chatResolve({ sessionId }));
      dispatch({ type: 'session_resolved', resolvedBy: 'user', at: new Date().toISOString() });
    } catch {
      dispatch({ type: 'end_failed', at: new Date().toISOString() });
    }
  }

  return (
    <section aria-labelledby="chat-title" className="chat">
      <h1 id="chat-title">{T.title}</h1>
      {!signedIn && <p>{DESKTOP_STRINGS.tray.statusSignedOut}</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {chat.phase === 'none' && signedIn && (
        <button type="button" onClick={() => void start()}>
          {T.start}
        </button>
      )}
      {chat.phase !== 'none' && (
        <ol aria-label={T.messagesLabel} className="messages" aria-live="polite">
          {chat.messages.map((message) => (
            <li key={message.id} className={`message message-${message.sender}`}>
              <span className="sender">
                {message.sender === 'support'
                  ? T.support
                  : message.sender === 'system'
                    ? ''
                    : T.you}
              </span>{' '}
              {message.text}
            </li>
          ))}
        </ol>
      )}
      {chat.ended && <p role="status">{chat.ended.text}</p>}
      {chat.phase === 'active' && (
        <form onSubmit={(event) => void send(event)}>
          <label htmlFor="chat-message">{T.messageLabel}</label>
          <textarea
            id="chat-message"
            value={text}
            maxLength={2000}
            onChange={(event) => setText(event.target.value)}
          />
          <div className="row">
            <button type="submit">{T.send}</button>
            <button type="button" onClick={() => void end()}>
              {T.end}
            </button>
          </div>
        </form>
      )}
      <p className="muted">{STRINGS.product.supportResponseTime}</p>
    </section>
  );
}
