/**
 * An alert's postal code and distance, as the guest form, the wizard and the manage page show
 * them: the code formatted as typed for the alert's platform, the distance open once there is one.
 */
import { observer } from 'mobx-react-lite';
import {
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  postalCodeInputMode,
  postalCodeMaxLength,
} from '@prijsalarm/core';
import type { AlertFormState, DistanceKm } from '@prijsalarm/core';
import { TextField } from '../../form/fields';
import { DISTANCE_SELECT_OPTIONS, SelectField, distanceValue, parseDistance } from '../controls';

const texts = ALERT_FORM_TEXTS.fields;

export interface LocationFieldsModel {
  readonly form: AlertFormState;
  error(field: string): string | undefined;
  readonly distanceEnabled: boolean;
  setPostalCode(value: string): void;
  setDistance(value: DistanceKm | null): void;
}

export const LocationFields = observer(function LocationFields({
  model,
}: {
  model: LocationFieldsModel;
}) {
  const { form } = model;
  const platform = form.platform ?? 'marktplaats';
  return (
    <div className="form__row form__row--postal">
      <TextField
        label={texts.postalCode}
        name="postalCode"
        autoComplete="postal-code"
        inputMode={postalCodeInputMode(platform)}
        maxLength={postalCodeMaxLength(platform)}
        optional
        placeholder={texts.postalCodePlaceholder[platform]}
        value={form.postalCode}
        error={model.error('postalCode')}
        onValueChange={model.setPostalCode}
      />
      <SelectField
        label={texts.distance}
        name="distance"
        value={distanceValue(form.distance)}
        options={DISTANCE_SELECT_OPTIONS}
        disabled={!model.distanceEnabled}
        hint={model.distanceEnabled ? null : ALERT_FIELD_TEXTS.distanceNeedsPostalCode}
        error={model.error('distance')}
        onValueChange={(value) => model.setDistance(parseDistance(value))}
      />
    </div>
  );
});
