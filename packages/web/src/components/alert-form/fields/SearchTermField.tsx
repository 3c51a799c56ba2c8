/**
 * An alert's search term, as the guest form, the wizard and the manage page show it; its title
 * names the one character rule.
 */
import { observer } from 'mobx-react-lite';
import { ALERT_FIELD_TEXTS, ALERT_FORM_TEXTS } from '@prijsalarm/core';
import { TextField } from '../../form/fields';

export interface SearchTermFieldModel {
  readonly form: { readonly searchTerm: string };
  error(field: string): string | undefined;
  setSearchTerm(value: string): void;
}

export const SearchTermField = observer(function SearchTermField({
  model,
}: {
  model: SearchTermFieldModel;
}) {
  return (
    <TextField
      label={ALERT_FORM_TEXTS.fields.searchTerm}
      name="searchTerm"
      placeholder={ALERT_FORM_TEXTS.fields.searchTermPlaceholder}
      title={ALERT_FIELD_TEXTS.searchTermNoAngleBrackets}
      autoComplete="off"
      required
      value={model.form.searchTerm}
      error={model.error('searchTerm')}
      onValueChange={model.setSearchTerm}
    />
  );
});
