import { useEffect, useState } from 'react';
import { WINDOW_KINDS, type DesktopState, type WindowKind } from '../../shared/ipc';
import { bridge } from './bridge';
import { ChatWindow } from './windows/ChatWindow';
import { NotificationsWindow } from './windows/NotificationsWindow';
import { SettingsWindow } from './windows/SettingsWindow';
import { SignInWindow } from './windows/SignInWindow';

function kindFromHash(): WindowKind {
  const hash = window.location.hash.replace(/^#/, '');
  return (WINDOW_KINDS as readonly string[]).includes(hash) ? (hash as WindowKind) : 'signin';
}

/** Each window loads this bundle with its kind as the hash (#signin, #settings, …). */
export function App() {
  const [kind, setKind] = useState<WindowKind>(kindFromHash);
  const [state, setState] = useState<DesktopState | null>(null);

  useEffect(() => {
    const onHash = () => setKind(kindFromHash());
    window.addEventListener('hashchange', onHash);
    const unsubscribe = bridge().onState(setState);
    void bridge()
      .getState()
      .then((result) => {
        if (result.ok) setState(result.value);
      });
    return () => {
      window.removeEventListener('hashchange', onHash);
      unsubscribe();
    };
  }, []);

  return (
    <main className={`window window-${kind}`}>
      {kind === 'signin' && <SignInWindow state={state} />}
      {kind === 'settings' && <SettingsWindow state={state} />}
      {kind === 'notifications' && <NotificationsWindow state={state} />}
      {kind === 'chat' && <ChatWindow state={state} />}
    </main>
  );
}
