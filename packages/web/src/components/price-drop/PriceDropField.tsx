import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { PRICE_DROP_TEXTS } from '@prijsalarm/core';
import { ToggleField } from '../alert-form/controls';
import type { PriceDropChoice } from './PriceDropChoice';

const texts = PRICE_DROP_TEXTS.form;

/**
 * The price-drop option of the wizard and the manage page: a switch (locked with core's plan
 * message when the plan lacks price history) and, when on, the optional minimum percent.
 */
export const PriceDropField = observer(function PriceDropField({
  choice,
  error,
  note,
}: {
  choice: PriceDropChoice;
  error?: string | undefined;
  /** Beside a saved alert's price drops that its owner's plan no longer offers. */
  note?: string | null | undefined;
}) {
  const id = useId();
  const locked = choice.locked;
  return (
    <fieldset className="choices price-drop">
      <legend className="field__label">{texts.legend}</legend>
      <ToggleField
        name="priceDropEnabled"
        label={texts.enabled}
        checked={choice.enabled}
        disabled={locked !== null && !choice.enabled}
        locked={locked !== null}
        hint={locked ?? note}
        onCheckedChange={choice.setEnabled}
      />
      {choice.enabled && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-percent`}>
            {texts.percent}
          </label>
          <input
            id={`${id}-percent`}
            name="priceDropPercent"
            className="field__input"
            type="text"
            inputMode="numeric"
            value={choice.percent}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-percent-hint${error ? ` ${id}-percent-error` : ''}`}
            onChange={(event) => choice.setPercent(event.target.value)}
          />
          <p className="field__hint" id={`${id}-percent-hint`}>
            {texts.percentHint}
          </p>
          {error && (
            <p className="field__error" id={`${id}-percent-error`}>
              {error}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
});
