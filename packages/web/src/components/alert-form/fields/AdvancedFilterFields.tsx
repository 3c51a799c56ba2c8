/**
 * The advanced filters: delivery, photos, paid ads, seller type (not in the car
 * category, whose advertiser filter replaces it), condition, excluded words and reserved ads. A
 * control the plan lacks is locked with core's message; one a saved alert keeps is noted.
 */
import { observer } from 'mobx-react-lite';
import {
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  CONDITIONS,
  DELIVERY_METHODS,
  SELLER_TYPES,
} from '@prijsalarm/core';
import { TextField } from '../../form/fields';
import type { AlertEditor } from '../AlertEditor';
import { CheckboxGroup, ChoiceGroup, ToggleField } from '../controls';

const texts = ALERT_FORM_TEXTS.advanced;

export const AdvancedFilterFields = observer(function AdvancedFilterFields({
  editor,
}: {
  editor: AlertEditor;
}) {
  const { form } = editor;
  const deliveryLock = editor.featureLock('deliveryMethodFilter');
  const imagesLock = editor.featureLock('imageFilter');
  const paidAdsLock = editor.featureLock('paidAdsFilter');
  return (
    <>
      <ChoiceGroup
        legend={texts.deliveryMethod}
        name="deliveryMethod"
        value={form.deliveryMethod}
        note={editor.keptNote('deliveryMethodFilter')}
        options={DELIVERY_METHODS.map((method) => ({
          value: method,
          label: texts.deliveryMethods[method],
          lock: method === 'both' ? null : deliveryLock,
        }))}
        error={editor.error('deliveryMethod')}
        onValueChange={editor.setDeliveryMethod}
      />
      <ToggleField
        name="onlyWithImages"
        label={texts.onlyWithImages}
        checked={form.onlyWithImages}
        disabled={imagesLock !== null}
        locked={imagesLock !== null}
        hint={imagesLock ?? editor.keptNote('imageFilter')}
        onCheckedChange={editor.setOnlyWithImages}
      />
      <ToggleField
        name="includePaidAds"
        label={texts.includePaidAds}
        checked={form.includePaidAds}
        disabled={paidAdsLock !== null}
        locked={paidAdsLock !== null}
        hint={paidAdsLock ?? editor.keptNote('paidAdsFilter')}
        onCheckedChange={editor.setIncludePaidAds}
      />
      {!editor.isCarCategory && (
        <ChoiceGroup
          legend={texts.sellerType}
          name="sellerType"
          value={form.sellerType}
          note={editor.sellerTypeNote}
          options={SELLER_TYPES.map((type) => ({
            value: type,
            label: texts.sellerTypes[type],
            lock: editor.sellerTypeLock(type),
          }))}
          error={editor.error('sellerType')}
          onValueChange={editor.setSellerType}
        />
      )}
      <CheckboxGroup
        legend={texts.conditions}
        name="conditions"
        values={form.conditions}
        options={CONDITIONS.map((condition) => ({
          value: condition,
          label: ALERT_FIELD_TEXTS.conditionLabels[condition],
        }))}
        error={editor.error('customFilters.conditions')}
        onToggle={editor.toggleCondition}
      />
      <TextField
        label={texts.excludeWords}
        name="excludeWords"
        autoComplete="off"
        optional
        hint={texts.excludeWordsHint}
        value={editor.excludeWordsText}
        error={editor.error('customFilters.excludeWords')}
        onValueChange={editor.setExcludeWords}
      />
      <ToggleField
        name="hideReserved"
        label={texts.hideReserved}
        checked={form.categoryFilters.hideReserved === true}
        onCheckedChange={editor.setHideReserved}
      />
    </>
  );
});
