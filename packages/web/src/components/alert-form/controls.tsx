/**
 * Form controls of the alert forms beyond the shared text fields: a select, a checkbox with a hint
 * and a lock, a group of radio buttons and one of checkboxes. Each is labelled and ties its hint
 * and error to the control for screen readers.
 */
import { useId } from 'react';
import type { ReactNode } from 'react';
import {
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  DISTANCE_OPTIONS_KM,
  isDistanceOption,
} from '@prijsalarm/core';

function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter(Boolean);
  return present.length > 0 ? present.join(' ') : undefined;
}

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

interface SelectFieldProps<V extends string> {
  label: string;
  name: string;
  value: V;
  options: readonly SelectOption<V>[];
  onValueChange(value: V): void;
  disabled?: boolean;
  hint?: string | null | undefined;
  error?: string | undefined;
}

export function SelectField<V extends string>({
  label,
  name,
  value,
  options,
  onValueChange,
  disabled,
  hint,
  error,
}: SelectFieldProps<V>) {
  const id = useId();
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__input field__select"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        onChange={(event) => onValueChange(event.target.value as V)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface ToggleFieldProps {
  label: string;
  name: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  /** Why it is locked, or another note; shown under the label. */
  hint?: ReactNode;
  locked?: boolean;
}

/** A checkbox with an optional note; a locked one shows why (core's plan message). */
export function ToggleField({
  label,
  name,
  checked,
  onCheckedChange,
  disabled,
  hint,
  locked,
}: ToggleFieldProps) {
  const id = useId();
  return (
    <div className={locked ? 'checkbox checkbox--locked' : 'checkbox'}>
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint && (
          <p className="field__hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

export interface ChoiceOption<V extends string> {
  value: V;
  label: string;
  /** The plan message of a locked choice. */
  lock?: string | null;
}

interface ChoiceGroupProps<V extends string> {
  legend: string;
  name: string;
  value: V;
  options: readonly ChoiceOption<V>[];
  onValueChange(value: V): void;
  error?: string | undefined;
  /** A note on the whole choice, e.g. that a saved alert keeps a choice its plan lacks. */
  note?: string | null | undefined;
}

/** Radio buttons in a fieldset; a locked option is disabled with its plan message. */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onValueChange,
  error,
  note,
}: ChoiceGroupProps<V>) {
  const id = useId();
  return (
    <fieldset
      className="choices"
      aria-describedby={describedBy(note && `${id}-note`, error && `${id}-error`)}
    >
      <legend className="field__label">{legend}</legend>
      {note && (
        <p className="field__hint" id={`${id}-note`}>
          {note}
        </p>
      )}
      {options.map((option) => (
        <div key={option.value} className={option.lock ? 'checkbox checkbox--locked' : 'checkbox'}>
          <input
            id={`${id}-${option.value}`}
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={Boolean(option.lock)}
            aria-describedby={option.lock ? `${id}-${option.value}-lock` : undefined}
            onChange={() => onValueChange(option.value)}
          />
          <div>
            <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
            {option.lock && (
              <p className="field__hint" id={`${id}-${option.value}-lock`}>
                {option.lock}
              </p>
            )}
          </div>
        </div>
      ))}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface CheckboxGroupProps<V extends string> {
  legend: string;
  name: string;
  values: readonly V[];
  options: readonly SelectOption<V>[];
  onToggle(value: V, on: boolean): void;
  error?: string | undefined;
}

/** Several checkboxes in a fieldset, in columns where there is room. */
export function CheckboxGroup<V extends string>({
  legend,
  name,
  values,
  options,
  onToggle,
  error,
}: CheckboxGroupProps<V>) {
  const id = useId();
  return (
    <fieldset className="choices" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="choices__grid">
        {options.map((option) => (
          <div key={option.value} className="checkbox">
            <input
              id={`${id}-${option.value}`}
              type="checkbox"
              name={name}
              value={option.value}
              checked={values.includes(option.value)}
              onChange={(event) => onToggle(option.value, event.target.checked)}
            />
            <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
          </div>
        ))}
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The distance select's value: '' for the whole country, else the km as text. */
export function distanceValue(distance: number | null): string {
  return distance === null ? '' : String(distance);
}

/** The distance select's options: empty is the whole country, then 3 … 75 km. */
export const DISTANCE_SELECT_OPTIONS = [
  { value: '', label: ALERT_FIELD_TEXTS.wholeCountry },
  ...DISTANCE_OPTIONS_KM.map((km) => ({
    value: String(km),
    label: ALERT_FORM_TEXTS.fields.distanceOption(km),
  })),
];

/** The select's text back to a distance: '' is the whole country. */
export function parseDistance(value: string) {
  const km = Number(value);
  return value !== '' && isDistanceOption(km) ? km : null;
}
