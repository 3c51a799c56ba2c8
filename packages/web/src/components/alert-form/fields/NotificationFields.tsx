/**
 * How an alert notifies: e-mail, Telegram and push, price drops and the
 * delivery schedule. Telegram that cannot be switched on says why and where to fix it; an alert
 * that already sends to Telegram can always switch it off.
 */
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { ALERT_FORM_TEXTS, TELEGRAM_INTEGRATIONS_PATH } from '@prijsalarm/core';
import { PriceDropField } from '../../price-drop/PriceDropField';
import type { AlertEditor } from '../AlertEditor';
import { ScheduleFields } from '../ScheduleFields';
import { ToggleField } from '../controls';

const texts = ALERT_FORM_TEXTS.notify;

export const NotificationFields = observer(function NotificationFields({
  editor,
  channels = true,
}: {
  editor: AlertEditor;
  /** Whether the channels are offered; a guest's alert is always mailed. */
  channels?: boolean;
}) {
  const { form, telegram } = editor;
  const telegramLocked = !editor.telegramAllowed;
  return (
    <>
      {channels && (
        <fieldset className="choices">
          <legend className="field__label">{texts.legend}</legend>
          <ToggleField
            name="notifyEmail"
            label={texts.email}
            checked={form.notifyEmail}
            disabled={editor.emailLocked}
            hint={
              editor.emailLocked
                ? editor.offersTelegram || editor.pushAllowed
                  ? texts.emailStaysOn(editor.offersTelegram, editor.pushAllowed)
                  : texts.emailOnly
                : null
            }
            onCheckedChange={(on) => editor.toggleNotification('email', on)}
          />
          {/* Only a server with a bot offers Telegram; an alert that still sends there may stop. */}
          {(editor.offersTelegram || form.notifyTelegram) && (
            <ToggleField
              name="notifyTelegram"
              label={texts.telegram}
              checked={form.notifyTelegram}
              disabled={telegramLocked && !form.notifyTelegram}
              locked={telegramLocked}
              hint={
                telegram.ok ? null : (
                  <>
                    {telegram.message} <Link to={telegram.link}>{texts.telegramLink}</Link>
                  </>
                )
              }
              onCheckedChange={(on) => editor.toggleNotification('telegram', on)}
            />
          )}
          {/* Push is for registered users; an alert that still pushes may stop. */}
          {editor.pushAllowed && (
            <ToggleField
              name="notifyPush"
              label={texts.push}
              checked={form.notifyPush}
              hint={
                form.notifyPush ? (
                  <>
                    {texts.pushDevices}{' '}
                    <Link to={TELEGRAM_INTEGRATIONS_PATH}>{texts.pushLink}</Link>
                  </>
                ) : null
              }
              onCheckedChange={(on) => editor.toggleNotification('push', on)}
            />
          )}
          {editor.errors.notifyEmail && <p className="field__error">{editor.errors.notifyEmail}</p>}
        </fieldset>
      )}
      <PriceDropField
        choice={editor.priceDrop}
        note={editor.keptNote('priceHistory')}
        error={editor.error('priceDrop.percent')}
      />
      <ScheduleFields value={editor.schedule} onChange={editor.setSchedule} error={editor.error} />
    </>
  );
});
