import { useState, type FormEvent } from 'react';
import { DESKTOP_TEXTS } from '@prijsalarm/core';
import type { DesktopState } from '../../../shared/ipc';
import { bridge, unwrap } from '../bridge';
import { Checkbox, TextField } from '../fields';

const T = DESKTOP_TEXTS.signIn;

export function SignInWindow({ state }: { state: DesktopState | null }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await unwrap(bridge().signIn({ email, password, rememberMe }));
      setPassword('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : T.failed);
    } finally {
      setBusy(false);
    }
  }

  if (state?.signedIn && state.user) {
    return (
      <section aria-labelledby="signin-title">
        <h1 id="signin-title">{T.title}</h1>
        <p role="status">{T.signedInAs(state.user.email)}</p>
        <button type="button" onClick={() => void bridge().closeWindow()}>
          OK
        </button>
      </section>
    );
  }

  return (
    <section aria-labelledby="signin-title">
      <h1 id="signin-title">{T.title}</h1>
      {state && <p className="muted">{T.server(state.serverUrl)}</p>}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          id="email"
          label={T.email}
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
        />
        <TextField
          id="password"
          label={T.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <Checkbox
          id="remember"
          label={T.rememberMe}
          checked={rememberMe}
          onChange={setRememberMe}
        />
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? T.submitting : T.submit}
        </button>
      </form>
    </section>
  );
}
