/**
 * Every field of a saved alert at once, for the manage page: the same field components the
 * wizard shows step by step, on the same AlertEditor (the owner's plan rules, kept settings
 * noted). A guest's alert has the guest's fields: search term, maximum price, location, and when
 * it is sent.
 */
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { ALERT_FORM_TEXTS } from '@prijsalarm/core';
import type { AlertEditor } from './AlertEditor';
import { CarFiltersSlot } from './CarFiltersSlot';
import { PlatformCards } from './PlatformCards';
import { AdvancedFilterFields } from './fields/AdvancedFilterFields';
import { CategoryFields } from './fields/CategoryFields';
import { LocationFields } from './fields/LocationFields';
import { NotificationFields } from './fields/NotificationFields';
import { PriceFields } from './fields/PriceFields';
import { SearchTermField } from './fields/SearchTermField';

const steps = ALERT_FORM_TEXTS.wizard.steps;

function EditGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="edit-group" role="group" aria-labelledby={id}>
      <h4 id={id} className="edit-group__title">
        {title}
      </h4>
      {children}
    </div>
  );
}

export const AlertEditForm = observer(function AlertEditForm({
  editor,
  guest,
}: {
  editor: AlertEditor;
  /** A guest's alert: Marktplaats only, e-mail only, no filters. */
  guest: boolean;
}) {
  return (
    <>
      {!guest && (
        <EditGroup title={steps.platform}>
          <PlatformCards
            options={editor.platformOptions}
            onSelect={editor.selectPlatform}
            error={editor.error('platforms')}
          />
        </EditGroup>
      )}
      {!guest && (
        <EditGroup title={steps.category}>
          <CategoryFields editor={editor} />
        </EditGroup>
      )}
      <EditGroup title={steps.search}>
        <SearchTermField model={editor} />
      </EditGroup>
      <EditGroup title={steps.priceLocation}>
        <PriceFields model={editor} minPrice={!guest} />
        <LocationFields model={editor} />
      </EditGroup>
      {!guest && editor.isCarCategory && (
        <EditGroup title={steps.carFilters}>
          <CarFiltersSlot editor={editor} />
        </EditGroup>
      )}
      {!guest && editor.advancedVisible && (
        <EditGroup title={steps.advanced}>
          <AdvancedFilterFields editor={editor} />
        </EditGroup>
      )}
      <EditGroup title={ALERT_FORM_TEXTS.edit.notifications}>
        <NotificationFields editor={editor} channels={!guest} />
      </EditGroup>
    </>
  );
});
