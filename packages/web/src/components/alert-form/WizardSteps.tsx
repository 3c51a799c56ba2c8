/**
 * The wizard's steps: each shows one group of the alert's fields (the same field components the
 * manage page shows at once) and renders nothing else.
 */
import { observer } from 'mobx-react-lite';
import { ALERT_FORM_TEXTS } from '@prijsalarm/core';
import type { AlertWizardStore, WizardStepId } from './AlertWizardStore';
import { CarFiltersSlot } from './CarFiltersSlot';
import { PlatformCards } from './PlatformCards';
import { AdvancedFilterFields } from './fields/AdvancedFilterFields';
import { AlertDescriptionList } from './fields/AlertDescriptionList';
import { CategoryFields } from './fields/CategoryFields';
import { LocationFields } from './fields/LocationFields';
import { NotificationFields } from './fields/NotificationFields';
import { PriceFields } from './fields/PriceFields';
import { SearchTermField } from './fields/SearchTermField';

interface StepProps {
  wizard: AlertWizardStore;
}

export const PlatformStep = observer(function PlatformStep({ wizard }: StepProps) {
  return (
    <PlatformCards
      options={wizard.editor.platformOptions}
      onSelect={wizard.selectPlatform}
      error={wizard.editor.error('platforms')}
    />
  );
});

export const SearchStep = observer(function SearchStep({ wizard }: StepProps) {
  return <SearchTermField model={wizard.editor} />;
});

export const SummaryStep = observer(function SummaryStep({ wizard }: StepProps) {
  return (
    <>
      <NotificationFields editor={wizard.editor} />
      <section className="summary" aria-labelledby="wizard-summary">
        <h3 id="wizard-summary" className="summary__title">
          {ALERT_FORM_TEXTS.summary.heading}
        </h3>
        <AlertDescriptionList rows={wizard.summary} />
      </section>
    </>
  );
});

export function StepBody({ step, wizard }: { step: WizardStepId; wizard: AlertWizardStore }) {
  const { editor } = wizard;
  switch (step) {
    case 'platform':
      return <PlatformStep wizard={wizard} />;
    case 'category':
      return <CategoryFields editor={editor} />;
    case 'search':
      return <SearchStep wizard={wizard} />;
    case 'priceLocation':
      return (
        <>
          <PriceFields model={editor} />
          <LocationFields model={editor} />
        </>
      );
    case 'carFilters':
      return <CarFiltersSlot editor={editor} />;
    case 'advanced':
      return <AdvancedFilterFields editor={editor} />;
    case 'summary':
      return <SummaryStep wizard={wizard} />;
  }
}
