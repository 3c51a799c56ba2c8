/**
 * The car category's filters (marktplaatsId 91): advertiser (which replaces the seller
 * type), mileage, construction year and fuel. Loaded lazily, only when the car category is chosen.
 */
import { observer } from 'mobx-react-lite';
import { ALERT_FIELD_TEXTS, ALERT_FORM_TEXTS, FUEL_TYPES, SELLER_TYPES } from '@prijsalarm/core';
import { TextField } from '../form/fields';
import type { AlertEditor, CarNumberFilter } from './AlertEditor';
import { CheckboxGroup, ChoiceGroup } from './controls';

const texts = ALERT_FORM_TEXTS.car;

const NUMBER_FIELDS: readonly [CarNumberFilter, string, number][] = [
  ['mileageMin', texts.mileageMin, 7],
  ['mileageMax', texts.mileageMax, 7],
  ['yearMin', texts.yearMin, 4],
  ['yearMax', texts.yearMax, 4],
];

export const CarFilterStep = observer(function CarFilterStep({ editor }: { editor: AlertEditor }) {
  const filters = editor.form.categoryFilters;
  const error = (key: string) => editor.error(`customFilters.${key}`);
  return (
    <>
      <ChoiceGroup
        legend={texts.advertiser}
        name="adverteerder"
        value={filters.adverteerder ?? 'all'}
        note={editor.sellerTypeNote}
        options={SELLER_TYPES.map((type) => ({
          value: type,
          label: ALERT_FORM_TEXTS.advanced.sellerTypes[type],
          lock: editor.sellerTypeLock(type),
        }))}
        error={error('adverteerder')}
        onValueChange={editor.setAdvertiser}
      />
      {/* Inputs on one line even when a label wraps: label, input, error as subgrid rows. */}
      <div className="form__row form__row--aligned">
        {NUMBER_FIELDS.map(([key, label, maxLength]) => (
          <TextField
            key={key}
            label={label}
            name={key}
            inputMode="numeric"
            autoComplete="off"
            maxLength={maxLength}
            optional
            value={filters[key] == null ? '' : String(filters[key])}
            error={error(key)}
            onValueChange={(text) => editor.setCarNumber(key, text)}
          />
        ))}
      </div>
      <CheckboxGroup
        legend={texts.fuel}
        name="fuel"
        values={filters.fuel ?? []}
        options={FUEL_TYPES.map((fuel) => ({
          value: fuel,
          label: ALERT_FIELD_TEXTS.fuelLabels[fuel],
        }))}
        error={error('fuel')}
        onToggle={editor.toggleFuel}
      />
    </>
  );
});

export default CarFilterStep;
