/**
 * The support chat window: the web app's chat (@prijsalarm/chat-ui's ChatPanel and ChatStore,
 * the same texts and behaviour), signed in as the user. Its calls and its /ws/chat socket go
 * through the bridge to main, which holds the session; a support answer while this window is
 * closed becomes a native notification there (main/supportWatcher).
 */
import { useEffect, useState } from 'react';
import { ChatAnnouncer, ChatPanel, ChatStore } from '@prijsalarm/chat-ui';
import '@prijsalarm/chat-ui/chat.css';
import { DESKTOP_TEXTS } from '@prijsalarm/core';
import type { DesktopState } from '../../../shared/ipc';
import { bridge } from '../bridge';
import { bridgeSocketFactory } from '../chat/bridgeSocket';
import { desktopChatHost } from '../chat/desktopChatHost';

const T = DESKTOP_TEXTS.chatWindow;

export function ChatWindow({ state }: { state: DesktopState | null }) {
  if (!state) return null;
  if (!state.user) {
    return (
      <section aria-labelledby="chat-title">
        <h1 id="chat-title">{T.title}</h1>
        <p>{T.signedOut}</p>
      </section>
    );
  }
  // Another user (sign out, sign in as someone else) starts the chat over.
  return <SignedInChat key={state.user.email} user={state.user} serverUrl={state.serverUrl} />;
}

function SignedInChat({
  user,
  serverUrl,
}: {
  user: NonNullable<DesktopState['user']>;
  serverUrl: string;
}) {
  const [store] = useState(
    () =>
      new ChatStore(desktopChatHost(bridge(), user), {
        createSocket: bridgeSocketFactory(bridge()),
        // Main opens the socket on the server; the address is only for the store's bookkeeping.
        pageUrl: () => serverUrl,
      }),
  );
  useEffect(() => {
    // The window is the chat: open from the start, its session picked up or started.
    store.start();
    store.open();
    return () => store.dispose();
  }, [store]);
  return (
    <>
      <ChatAnnouncer store={store} />
      <ChatPanel store={store} variant="window" onClose={() => void bridge().closeWindow()} />
    </>
  );
}
