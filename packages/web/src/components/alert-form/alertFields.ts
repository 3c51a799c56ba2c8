import { distanceEnabled, normalizePostalCode } from '@prijsalarm/core';
import type { AlertFormState } from '@prijsalarm/core';
import { FormModel } from '../../stores/FormModel';
import type { FieldRules } from '../../stores/FormModel';

/**
 * The alert fields both alert forms share, as rules on core's AlertFormState: the postal code is
 * formatted as typed for the form's platform (the guest form's is always Marktplaats), and the
 * distance counts only with a postal code, so it goes back to none when the code goes.
 */
export const ALERT_FIELD_RULES: FieldRules<AlertFormState> = {
  postalCode: {
    change(text, values) {
      const postalCode = normalizePostalCode(values.platform ?? 'marktplaats', text);
      return distanceEnabled(postalCode) ? { postalCode } : { postalCode, distance: null };
    },
  },
  distance: { enabled: (values) => distanceEnabled(values.postalCode) },
};

/**
 * One alert form's values and messages. The messages are keyed by the payload's field names
 * (`platforms`, `customFilters.fuel`), as core's schemas and the server name them.
 */
export function alertFormModel(initial: AlertFormState): FormModel<AlertFormState> {
  return new FormModel(initial, ALERT_FIELD_RULES);
}
