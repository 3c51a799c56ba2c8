import { distanceEnabled, normalizePostalCode } from '@prijsalarm/core';
import type { AlertFormState, PlatformId } from '@prijsalarm/core';
import { FormModel } from '../../stores/FormModel';
import type { FieldRules } from '../../stores/FormModel';

/** What the location rules read and write: an alert's postal code and its distance. */
type Location = Pick<AlertFormState, 'postalCode' | 'distance'>;

/**
 * The postal code and distance of any alert form: the code is formatted as typed for the alert's
 * platform, and the distance counts only with a code, so it goes back to none when the code goes.
 */
export function locationRules<Values extends Location>(
  platformOf: (values: Values) => PlatformId | null,
): FieldRules<Values> {
  const rules: FieldRules<Location> = {
    postalCode: {
      change(text, values) {
        const platform = platformOf(values as Values) ?? 'marktplaats';
        const postalCode = normalizePostalCode(platform, text);
        return distanceEnabled(postalCode) ? { postalCode } : { postalCode, distance: null };
      },
    },
    distance: { enabled: (values) => distanceEnabled(values.postalCode) },
  };
  return rules as FieldRules<Values>;
}

/**
 * The alert fields both alert forms share, on core's AlertFormState (the guest form's platform is
 * always Marktplaats). Messages are keyed by the payload's field names (`platforms`,
 * `customFilters.fuel`), as core's schemas and the server name them.
 */
export function alertFormModel(initial: AlertFormState): FormModel<AlertFormState> {
  return new FormModel(
    initial,
    locationRules<AlertFormState>((values) => values.platform),
  );
}
