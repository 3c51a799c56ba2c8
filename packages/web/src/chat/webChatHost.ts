/** The shared chat in the web app: core's API client (same-origin, cookies) and localStorage. */
import type { ChatHost } from '@prijsalarm/chat-ui';
import type { RootStore } from '../stores/RootStore';

export function webChatHost(root: RootStore): ChatHost {
  return {
    api: root.api.chat,
    storage: root.storage,
    now: () => root.now(),
    user: () => {
      const user = root.auth.isLoggedIn ? root.auth.user : null;
      return user ? { email: user.email, name: user.name, plan: user.plan } : null;
    },
  };
}
