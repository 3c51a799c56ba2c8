import { describe, expect, it } from 'vitest';
import {
  ALERT_FIELD_TEXTS,
  buildCreateAlertPayload,
  changePlatform,
  initialAlertFormState,
  initialGuestAlertFormState,
  userCreateAlertSchema,
} from '@prijsalarm/core';
import { FormModel } from '../../stores/FormModel';
import { alertFormModel, locationRules } from './alertFields';

describe('the shared alert fields', () => {
  it('format the postal code as typed for the platform of the form', () => {
    const guest = alertFormModel(initialGuestAlertFormState);
    guest.set('postalCode', '3511ab');
    expect(guest.values.postalCode).toBe('3511 AB');

    const wizard = alertFormModel(initialAlertFormState);
    wizard.update(changePlatform(wizard.values, '2dehands'));
    wizard.set('postalCode', '9000ab');
    expect(wizard.values.postalCode).toBe('9000');
  });

  it("follow an alert's platform kept outside the form (the manage page)", () => {
    const edit = new FormModel(
      { postalCode: '', distance: null },
      locationRules(() => '2dehands'),
    );
    edit.set('postalCode', '9000ab');
    expect(edit.values.postalCode).toBe('9000');
  });

  it('allow a distance only with a postal code, and drop it when the code goes', () => {
    const form = alertFormModel(initialGuestAlertFormState);
    expect(form.enabled('distance')).toBe(false);
    form.set('distance', 10);
    expect(form.values.distance).toBeNull();

    form.set('postalCode', '3511');
    form.set('distance', 10);
    expect(form.values.distance).toBe(10);

    form.set('postalCode', '');
    expect(form.enabled('distance')).toBe(false);
    expect(form.values.distance).toBeNull();
  });

  it("carry core's messages under the payload's names, cleared by the field that shows them", () => {
    const form = alertFormModel(initialAlertFormState);
    expect(form.check(userCreateAlertSchema, buildCreateAlertPayload(form.values))).toBe(false);
    expect(form.error('platforms')).toBe(ALERT_FIELD_TEXTS.platformRequired);
    expect(form.error('searchTerm')).toBe(ALERT_FIELD_TEXTS.searchTermRequired);

    form.update(changePlatform(form.values, 'marktplaats'), 'platforms');
    expect(form.error('platforms')).toBeUndefined();
    expect(form.error('searchTerm')).toBe(ALERT_FIELD_TEXTS.searchTermRequired);
  });
});
