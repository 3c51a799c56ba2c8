/**
 * The chat's footprint on every page: this small loader. It decides where the widget may show
 * (core's chatWidgetVisibility: never on /admin; below 1024 px on dashboard and manage pages only
 * after an `open-mobile-chat` event) and fetches the widget's own chunk a while after the page's
 * load event (CHAT_WIDGET_LOAD_DELAY_MS), so the widget adds nothing to a page's first load.
 */
import { observer } from 'mobx-react-lite';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  CHAT_WIDGET_LOAD_DELAY_MS,
  OPEN_MOBILE_CHAT_EVENT,
  chatWidgetVisibility,
} from '@prijsalarm/core';
import { useStores } from '../stores/context';

const ChatWidget = lazy(() => import('./ChatWidget'));

/** `?chat=<session id>` (the link in support's reply mail) opens the chat on that session. */
export const CHAT_LINK_QUERY = 'chat';

export const ChatLoader = observer(function ChatLoader() {
  const { auth } = useStores();
  const location = useLocation();
  // Read once mounted (the prerendered home page renders this without a window); nothing shows
  // before `ready` anyway.
  const [width, setWidth] = useState(0);
  const [openRequested, setOpenRequested] = useState(false);
  const [ready, setReady] = useState(false);
  const link = new URLSearchParams(location.search).get(CHAT_LINK_QUERY);

  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    onResize();
    const onOpen = () => {
      setOpenRequested(true);
      setReady(true);
    };
    window.addEventListener('resize', onResize);
    window.addEventListener(OPEN_MOBILE_CHAT_EVENT, onOpen);
    // The countdown starts once the page itself has loaded: the chat never competes with it.
    let idle: ReturnType<typeof setTimeout> | undefined;
    const countDown = () => {
      idle = setTimeout(() => setReady(true), CHAT_WIDGET_LOAD_DELAY_MS);
    };
    if (link) setReady(true);
    else if (document.readyState === 'complete') countDown();
    else window.addEventListener('load', countDown, { once: true });
    return () => {
      window.removeEventListener('resize', onResize);
      window.removeEventListener(OPEN_MOBILE_CHAT_EVENT, onOpen);
      window.removeEventListener('load', countDown);
      clearTimeout(idle);
    };
  }, [link]);

  const visibility = chatWidgetVisibility(location.pathname, width);
  if (!ready || visibility === 'hidden') return null;
  if (visibility === 'hidden_until_opened' && !openRequested) return null;
  return (
    <Suspense fallback={null}>
      {/* Logging in or out starts the widget over: a guest's chat is not a user's. */}
      <ChatWidget
        key={auth.isLoggedIn ? 'user' : 'guest'}
        openOnStart={openRequested || link !== null}
        resumeSessionId={link}
        onDashboard={location.pathname.startsWith('/dashboard')}
      />
    </Suspense>
  );
});
