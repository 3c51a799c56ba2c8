/**
 * The support chat widget, loaded lazily by ChatLoader: the floating button
 * with its badge, the greeting bubble, and the shared conversation (@prijsalarm/chat-ui's
 * ChatPanel and ChatStore, which the desktop chat window draws too). New messages are read out
 * through a polite live region.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import {
  CHAT_GREETING_DELAY_MS,
  CHAT_GREETING_HIDE_AFTER_MS,
  CHAT_GREETING_HOVER_DELAY_MS,
  CHAT_TEXTS,
  unreadBadge,
} from '@prijsalarm/core';
import { ChatAnnouncer, ChatPanel, ChatStore } from '@prijsalarm/chat-ui';
import '@prijsalarm/chat-ui/chat.css';
import { useStores } from '../stores/context';
import { webChatHost } from './webChatHost';
import './chat.css';
import { Icon } from '../components/ui/Icon';

const w = CHAT_TEXTS.widget;

/**
 * The greeting: after 5 s (not on the dashboard), or on hover after 0.5 s; gone after 8 s. Closed
 * by the visitor, it stays closed on later pages and visits (the chat's stored "interacted").
 */
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
    dismiss: () => {
      setVisible(false);
      store.markInteracted();
    },
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
  const [store] = useState(() => new ChatStore(webChatHost(root)));
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
      <ChatAnnouncer store={store} />
      {store.state.isOpen ? (
        <ChatPanel store={store} variant="widget" onClose={store.minimize} />
      ) : (
        <>
          {greeting.visible && (
            // A landmark of its own: the bubble pops up outside the page's landmarks (axe 'region').
            <div className="chat-greeting" role="region" aria-label={w.title}>
              <p>{w.greeting}</p>
              <button
                type="button"
                className="chat-icon-button"
                aria-label={w.closeGreeting}
                onClick={greeting.dismiss}
              >
                <Icon name="close" size="sm" />
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
            <Icon name="message" />
            {badge && (
              <span className="count-badge chat-badge" aria-hidden="true">
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
