import { useEffect, useState, type FormEvent } from 'react';
import { DESKTOP_TEXTS } from '@prijsalarm/core';
import type { DesktopState, SettingsView } from '../../../shared/ipc';
import { serverUrlSchema, settingsUpdateSchema } from '../../../shared/settings';
import { bridge, unwrap } from '../bridge';
import { Checkbox, TextField } from '../fields';

const T = DESKTOP_TEXTS.settings;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function SettingsWindow({ state }: { state: DesktopState | null }) {
  const [view, setView] = useState<SettingsView | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [fieldError, setFieldError] = useState<Record<string, string>>({});
  const signedIn = state?.signedIn ?? false;

  useEffect(() => {
    void unwrap(bridge().getSettings()).then(setView, (failure: Error) =>
      setMessage({ text: failure.message, error: true }),
    );
  }, [signedIn]);

  if (!view) return <h1>{T.title}</h1>;
  const { settings } = view;
  const change = (patch: Partial<SettingsView['settings']>) =>
    setView({ ...view, settings: { ...settings, ...patch } });

  async function save(event: FormEvent) {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!serverUrlSchema.safeParse(settings.serverUrl).success)
      errors.serverUrl = T.serverUrlInvalid;
    if (!TIME.test(settings.quietHours.from)) errors.quietFrom = T.timeInvalid;
    if (!TIME.test(settings.quietHours.until)) errors.quietUntil = T.timeInvalid;
    setFieldError(errors);
    if (Object.keys(errors).length > 0) return;
    const update = settingsUpdateSchema.parse({
      serverUrl: settings.serverUrl,
      startAtLogin: settings.startAtLogin,
      sound: settings.sound,
      quietHours: settings.quietHours,
      silencedAlertIds: settings.silencedAlertIds,
    });
    try {
      await unwrap(bridge().saveSettings(update));
      setMessage({ text: T.saved, error: false });
    } catch (failure) {
      setMessage({ text: failure instanceof Error ? failure.message : T.saveFailed, error: true });
    }
  }

  return (
    <form aria-labelledby="settings-title" onSubmit={(event) => void save(event)} noValidate>
      <h1 id="settings-title">{T.title}</h1>
      <TextField
        id="serverUrl"
        label={T.serverUrl}
        type="url"
        value={settings.serverUrl}
        onChange={(serverUrl) => change({ serverUrl })}
        error={fieldError.serverUrl}
      />
      <Checkbox
        id="startAtLogin"
        label={T.startAtLogin}
        checked={settings.startAtLogin}
        onChange={(startAtLogin) => change({ startAtLogin })}
      />
      <Checkbox
        id="sound"
        label={T.sound}
        checked={settings.sound}
        onChange={(sound) => change({ sound })}
      />
      <fieldset>
        <legend>{T.quietHours}</legend>
        <Checkbox
          id="quietEnabled"
          label={T.quietHoursOn}
          checked={settings.quietHours.enabled}
          onChange={(enabled) => change({ quietHours: { ...settings.quietHours, enabled } })}
        />
        <TextField
          id="quietFrom"
          label={T.quietFrom}
          type="time"
          value={settings.quietHours.from}
          onChange={(from) => change({ quietHours: { ...settings.quietHours, from } })}
          error={fieldError.quietFrom}
        />
        <TextField
          id="quietUntil"
          label={T.quietUntil}
          type="time"
          value={settings.quietHours.until}
          onChange={(until) => change({ quietHours: { ...settings.quietHours, until } })}
          error={fieldError.quietUntil}
        />
      </fieldset>
      <fieldset>
        <legend>{T.alertsHeading}</legend>
        {view.alerts.length === 0 ? (
          <p>{T.noAlerts}</p>
        ) : (
          view.alerts.map((alert) => (
            <Checkbox
              key={alert.id}
              id={`alert-${alert.id}`}
              label={alert.searchTerm}
              checked={!settings.silencedAlertIds.includes(alert.id)}
              onChange={(notify) =>
                change({
                  silencedAlertIds: notify
                    ? settings.silencedAlertIds.filter((id) => id !== alert.id)
                    : [...settings.silencedAlertIds, alert.id],
                })
              }
            />
          ))
        )}
      </fieldset>
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'error' : 'ok'}>
          {message.text}
        </p>
      )}
      <button type="submit">{T.save}</button>
    </form>
  );
}
