import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { SCREEN_TEXTS } from '@prijsalarm/core';

const common = SCREEN_TEXTS.common;

/** A list's search form: the search box, the filters beside it (`children`), the search button. */
export function SearchBar({
  label,
  value,
  onChange,
  onSubmit,
  children,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onSubmit(): void;
  children?: ReactNode;
}) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="search-bar" role="search" aria-label={common.search} onSubmit={submit}>
      <div className="field search-bar__query">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          type="search"
          className="field__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {children}
      <button type="submit" className="button button--primary">
        {common.search}
      </button>
    </form>
  );
}
