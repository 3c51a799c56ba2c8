import { useId, useState } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { WEB_TEXTS } from '@prijsalarm/core';

const texts = WEB_TEXTS.form;

interface FieldShellProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  optional?: boolean;
  children: ReactNode;
}

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldShell({ id, label, error, hint, optional, children }: FieldShellProps) {
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> {texts.optional}</span>}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>;

export interface TextFieldProps extends InputProps {
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
  hint?: string | undefined;
  optional?: boolean;
}

/** A labelled text input; its hint and error are tied to it for screen readers. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  optional,
  ...input
}: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional ?? false}>
      <input
        {...input}
        id={id}
        className="field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </FieldShell>
  );
}

/** A password input with a button that shows what was typed. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const { label, value, onValueChange, error, hint, optional, ...input } = props;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional ?? false}>
      <div className="field__password">
        <input
          {...input}
          id={id}
          type={visible ? 'text' : 'password'}
          className="field__input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          onChange={(event) => onValueChange(event.target.value)}
        />
        <button
          type="button"
          className="field__reveal"
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? texts.hidePassword : texts.showPassword}
        </button>
      </div>
    </FieldShell>
  );
}

export interface TextAreaFieldProps {
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
  name: string;
  rows?: number;
  maxLength?: number;
  required?: boolean;
}

export function TextAreaField({ label, value, onValueChange, error, ...rest }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea
        {...rest}
        id={id}
        className="field__input field__textarea"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </FieldShell>
  );
}

export interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  name: string;
}

export function CheckboxField({ label, checked, onCheckedChange, name }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="checkbox">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The whole form's message (a refusal by the server, or what no single field explains). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="notice notice--error" role="alert">
      {message}
    </div>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
      {busy ? texts.busy : children}
    </button>
  );
}
