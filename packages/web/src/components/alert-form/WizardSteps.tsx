/** The wizard's steps; each reads and changes the AlertWizardStore and renders nothing else. */
import { PriceDropField } from '../price-drop/PriceDropField';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import {
  SCHEDULE_TEXTS,
  ALERT_FORM_TEXTS,
  CONDITIONS,
  DELIVERY_METHODS,
  POSTAL_CODE_LENGTHS,
  SELLER_TYPES,
  STRINGS,
} from '@prijsalarm/core';
import { TextField } from '../form/fields';
import type { AlertWizardStore } from './AlertWizardStore';
import {
  CheckboxGroup,
  ChoiceGroup,
  DISTANCE_SELECT_OPTIONS,
  SearchTermField,
  SelectField,
  ToggleField,
  distanceValue,
  parseDistance,
} from './controls';
import { PlatformCards } from './PlatformCards';
import { ScheduleFields } from './ScheduleFields';

const texts = ALERT_FORM_TEXTS;

interface StepProps {
  wizard: AlertWizardStore;
}

export const PlatformStep = observer(function PlatformStep({ wizard }: StepProps) {
  return (
    <PlatformCards
      options={wizard.platformOptions}
      onSelect={wizard.selectPlatform}
      error={wizard.errors.platforms}
    />
  );
});

export const CategoryStep = observer(function CategoryStep({ wizard }: StepProps) {
  const { l1, l2 } = wizard.form.category;
  const l1Options = [
    { value: '', label: texts.category.all },
    ...wizard.l1Categories.map((category) => ({
      value: String(category.id),
      label: category.name,
    })),
  ];
  const l2Options = [
    { value: '', label: texts.category.allSubcategories },
    ...wizard.l2Categories.map((category) => ({
      value: String(category.id),
      label: category.name,
    })),
  ];
  const toId = (value: string) => (value === '' ? null : Number(value));
  return (
    <div className="form__row">
      <SelectField
        label={texts.category.l1}
        name="l1Category"
        value={l1 ? String(l1.id) : ''}
        options={l1Options}
        hint={wizard.categoriesLoading ? texts.category.loading : null}
        error={wizard.errors.l1CategoryId}
        onValueChange={(value) => wizard.selectL1(toId(value))}
      />
      {l1 && (
        <SelectField
          label={texts.category.l2}
          name="l2Category"
          value={l2 ? String(l2.id) : ''}
          options={l2Options}
          error={wizard.errors.l2CategoryId}
          onValueChange={(value) => wizard.selectL2(toId(value))}
        />
      )}
    </div>
  );
});

export const SearchStep = observer(function SearchStep({ wizard }: StepProps) {
  return (
    <SearchTermField
      value={wizard.form.searchTerm}
      error={wizard.errors.searchTerm}
      onValueChange={wizard.setSearchTerm}
    />
  );
});

export const PriceLocationStep = observer(function PriceLocationStep({ wizard }: StepProps) {
  const { form, errors } = wizard;
  const platform = form.platform ?? 'marktplaats';
  const minPriceLock = wizard.featureLock('minPrice');
  return (
    <>
      <div className="form__row">
        <TextField
          label={texts.fields.minPrice}
          name="minPrice"
          inputMode="decimal"
          autoComplete="off"
          placeholder={texts.fields.pricePlaceholder}
          optional
          disabled={minPriceLock !== null}
          hint={minPriceLock ?? undefined}
          value={form.minPrice}
          error={errors.minPrice}
          onValueChange={wizard.setMinPrice}
        />
        <TextField
          label={texts.fields.maxPrice}
          name="maxPrice"
          inputMode="decimal"
          autoComplete="off"
          placeholder={texts.fields.pricePlaceholder}
          optional
          value={form.maxPrice}
          error={errors.maxPrice}
          onValueChange={wizard.setMaxPrice}
        />
      </div>
      <div className="form__row form__row--postal">
        <TextField
          label={texts.fields.postalCode}
          name="postalCode"
          autoComplete="postal-code"
          inputMode={platform === '2dehands' ? 'numeric' : 'text'}
          maxLength={POSTAL_CODE_LENGTHS[platform]}
          optional
          placeholder={texts.fields.postalCodePlaceholder[platform]}
          value={form.postalCode}
          error={errors.postalCode}
          onValueChange={wizard.setPostalCode}
        />
        <SelectField
          label={texts.fields.distance}
          name="distance"
          value={distanceValue(form.distance)}
          options={DISTANCE_SELECT_OPTIONS}
          disabled={!wizard.distanceEnabled}
          hint={wizard.distanceEnabled ? null : STRINGS.alertForm.distanceNeedsPostalCode}
          error={errors.distance}
          onValueChange={(value) => wizard.setDistance(parseDistance(value))}
        />
      </div>
    </>
  );
});

export const AdvancedStep = observer(function AdvancedStep({ wizard }: StepProps) {
  const { form, errors } = wizard;
  const deliveryLock = wizard.featureLock('deliveryMethodFilter');
  const imagesLock = wizard.featureLock('imageFilter');
  const paidAdsLock = wizard.featureLock('paidAdsFilter');
  return (
    <>
      <ChoiceGroup
        legend={texts.advanced.deliveryMethod}
        name="deliveryMethod"
        value={form.deliveryMethod}
        options={DELIVERY_METHODS.map((method) => ({
          value: method,
          label: texts.advanced.deliveryMethods[method],
          lock: method === 'both' ? null : deliveryLock,
        }))}
        error={errors.deliveryMethod}
        onValueChange={wizard.setDeliveryMethod}
      />
      <ToggleField
        name="onlyWithImages"
        label={texts.advanced.onlyWithImages}
        checked={form.onlyWithImages}
        disabled={imagesLock !== null}
        locked={imagesLock !== null}
        hint={imagesLock}
        onCheckedChange={wizard.setOnlyWithImages}
      />
      <ToggleField
        name="includePaidAds"
        label={texts.advanced.includePaidAds}
        checked={form.includePaidAds}
        disabled={paidAdsLock !== null}
        locked={paidAdsLock !== null}
        hint={paidAdsLock}
        onCheckedChange={wizard.setIncludePaidAds}
      />
      {!wizard.isCarCategory && (
        <ChoiceGroup
          legend={texts.advanced.sellerType}
          name="sellerType"
          value={form.sellerType}
          options={SELLER_TYPES.map((type) => ({
            value: type,
            label: texts.advanced.sellerTypes[type],
            lock: wizard.sellerTypeLock(type),
          }))}
          error={errors.sellerType}
          onValueChange={wizard.setSellerType}
        />
      )}
      <CheckboxGroup
        legend={texts.advanced.conditions}
        name="conditions"
        values={form.conditions}
        options={CONDITIONS.map((condition) => ({
          value: condition,
          label: STRINGS.alertForm.conditionLabels[condition],
        }))}
        error={errors['customFilters.conditions']}
        onToggle={wizard.toggleCondition}
      />
      <TextField
        label={texts.advanced.excludeWords}
        name="excludeWords"
        autoComplete="off"
        optional
        hint={texts.advanced.excludeWordsHint}
        value={wizard.excludeWordsText}
        error={errors['customFilters.excludeWords']}
        onValueChange={wizard.setExcludeWords}
      />
      <ToggleField
        name="hideReserved"
        label={texts.advanced.hideReserved}
        checked={form.categoryFilters.hideReserved === true}
        onCheckedChange={wizard.setHideReserved}
      />
    </>
  );
});

export const SummaryStep = observer(function SummaryStep({ wizard }: StepProps) {
  const { form, summary, telegram } = wizard;
  const labels = texts.summary;
  const rows: [string, string][] = [
    [labels.platform, summary.platform],
    [labels.searchTerm, summary.searchTerm],
    [labels.category, summary.category],
    [labels.price, summary.price],
    [labels.location, summary.location],
    [labels.sellerType, summary.sellerType],
    [labels.checkInterval, summary.checkInterval],
    [SCHEDULE_TEXTS.form.modeLabel, summary.schedule],
  ];
  return (
    <>
      <fieldset className="choices">
        <legend className="field__label">{texts.notify.legend}</legend>
        <ToggleField
          name="notifyEmail"
          label={texts.notify.email}
          checked={form.notifyEmail}
          disabled={wizard.emailLocked}
          hint={
            wizard.emailLocked
              ? wizard.offersTelegram
                ? texts.notify.emailStaysOn
                : texts.notify.emailOnly
              : null
          }
          onCheckedChange={(on) => wizard.toggleNotification('email', on)}
        />
        {wizard.offersTelegram && (
          <ToggleField
            name="notifyTelegram"
            label={texts.notify.telegram}
            checked={form.notifyTelegram}
            disabled={!telegram.ok}
            locked={!telegram.ok}
            hint={
              telegram.ok ? null : (
                <>
                  {telegram.message} <Link to={telegram.link}>{texts.notify.telegramLink}</Link>
                </>
              )
            }
            onCheckedChange={(on) => wizard.toggleNotification('telegram', on)}
          />
        )}
        {wizard.errors.notifyEmail && <p className="field__error">{wizard.errors.notifyEmail}</p>}
      </fieldset>
      <PriceDropField choice={wizard.priceDrop} error={wizard.errors['priceDrop.percent']} />
      <ScheduleFields
        value={wizard.schedule}
        onChange={wizard.setSchedule}
        error={(name) => wizard.errors[name]}
      />
      <section className="summary" aria-labelledby="wizard-summary">
        <h3 id="wizard-summary" className="summary__title">
          {labels.heading}
        </h3>
        <dl className="details">
          {rows.map(([label, value]) => (
            <div key={label} className="details__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
});
