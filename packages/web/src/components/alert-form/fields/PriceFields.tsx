/**
 * An alert's price limits, as the guest form, the wizard and the manage page show them: the
 * maximum always, the minimum where the form has one (locked with core's plan message, or noted
 * when a saved alert keeps it from a former plan).
 */
import { observer } from 'mobx-react-lite';
import { ALERT_FORM_TEXTS } from '@prijsalarm/core';
import type { AlertFormState, FeatureName } from '@prijsalarm/core';
import { TextField } from '../../form/fields';

const texts = ALERT_FORM_TEXTS.fields;

export interface PriceFieldsModel {
  readonly form: AlertFormState;
  error(field: string): string | undefined;
  setMaxPrice(value: string): void;
  /** Absent: the form has no minimum price (the guest form). */
  setMinPrice?(value: string): void;
  readonly minPriceLock?: string | null;
  keptNote?(feature: FeatureName): string | null;
}

/** One price as typed: euros, a Dutch comma allowed; empty is no limit. */
function PriceField(props: {
  name: 'minPrice' | 'maxPrice';
  value: string;
  error: string | undefined;
  onValueChange(value: string): void;
  disabled?: boolean;
  hint?: string | undefined;
}) {
  return (
    <TextField
      {...props}
      label={texts[props.name]}
      inputMode="decimal"
      autoComplete="off"
      placeholder={texts.pricePlaceholder}
      optional
    />
  );
}

export const PriceFields = observer(function PriceFields({
  model,
  minPrice = model.setMinPrice !== undefined,
}: {
  model: PriceFieldsModel;
  /** Whether the minimum price is shown (a guest's alert has none); default: when it can be set. */
  minPrice?: boolean;
}) {
  const maxPrice = (
    <PriceField
      name="maxPrice"
      value={model.form.maxPrice}
      error={model.error('maxPrice')}
      onValueChange={model.setMaxPrice}
    />
  );
  if (!minPrice || !model.setMinPrice) return maxPrice;
  const lock = model.minPriceLock ?? null;
  const note = lock ?? model.keptNote?.('minPrice') ?? null;
  return (
    <div className="form__row">
      <PriceField
        name="minPrice"
        disabled={lock !== null}
        hint={note ?? undefined}
        value={model.form.minPrice}
        error={model.error('minPrice')}
        onValueChange={model.setMinPrice}
      />
      {maxPrice}
    </div>
  );
});
