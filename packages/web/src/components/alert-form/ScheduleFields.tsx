/**
 * When an alert's notifications go out: instantly, or as an hourly or daily
 * digest, and quiet hours. Shared by the wizard's last step and the manage page; the value is
 * core's DeliverySchedule and the rules (defaults, times) are core's.
 */
import { observer } from 'mobx-react-lite';
import {
  DELIVERY_MODES,
  SCHEDULE_TEXTS,
  withDeliveryMode,
  withQuietHours,
  type DeliveryMode,
  type DeliverySchedule,
} from '@prijsalarm/core';
import { useStores } from '../../stores/context';
import { TextField } from '../form/fields';
import { ChoiceGroup, SelectField, ToggleField } from './controls';

const texts = SCHEDULE_TEXTS.form;

const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: texts.hourOption(hour),
}));

export interface ScheduleFieldsProps {
  value: DeliverySchedule;
  onChange(schedule: DeliverySchedule): void;
  /** The message of a field by its payload name (`schedule.quietHours.start`). */
  error(name: string): string | undefined;
}

export const ScheduleFields = observer(function ScheduleFields({
  value,
  onChange,
  error,
}: ScheduleFieldsProps) {
  const quiet = value.quietHours;
  // Telegram is named only by a server that can send it.
  const help = useStores().capabilities.current.channels.telegram ? texts : texts.withoutTelegram;
  return (
    <fieldset className="choices schedule-fields">
      <legend className="field__label">{texts.legend}</legend>
      <p className="field__hint">{help.modeHelp}</p>
      <ChoiceGroup<DeliveryMode>
        legend={texts.modeLabel}
        name="scheduleMode"
        value={value.mode}
        options={DELIVERY_MODES.map((mode) => ({ value: mode, label: texts.modes[mode] }))}
        error={error('schedule.mode')}
        onValueChange={(mode) => onChange(withDeliveryMode(value, mode))}
      />
      {value.mode === 'daily' && (
        <SelectField
          label={texts.dailyHourLabel}
          name="dailyHour"
          value={String(value.dailyHour ?? 0)}
          options={HOUR_OPTIONS}
          error={error('schedule.dailyHour')}
          onValueChange={(hour) => onChange({ ...value, dailyHour: Number(hour) })}
        />
      )}
      <ToggleField
        name="quietHours"
        label={texts.quietToggle}
        checked={quiet !== null}
        hint={help.quietHelp}
        onCheckedChange={(on) => onChange(withQuietHours(value, on))}
      />
      {quiet && (
        <div className="form__row">
          <TextField
            label={texts.quietStartLabel}
            name="quietStart"
            type="time"
            required
            value={quiet.start}
            error={error('schedule.quietHours.start')}
            onValueChange={(start) => onChange({ ...value, quietHours: { ...quiet, start } })}
          />
          <TextField
            label={texts.quietEndLabel}
            name="quietEnd"
            type="time"
            required
            value={quiet.end}
            error={error('schedule.quietHours.end') ?? error('schedule.quietHours')}
            onValueChange={(end) => onChange({ ...value, quietHours: { ...quiet, end } })}
          />
        </div>
      )}
    </fieldset>
  );
});
