/**
 * Where the car filters go in the wizard and on the manage page: their screen is loaded only for
 * the car category, with a spinner meanwhile and the warning with a retry.
 */
import { observer } from 'mobx-react-lite';
import { Suspense, lazy } from 'react';
import { ALERT_FIELD_TEXTS, ALERT_FORM_TEXTS } from '@prijsalarm/core';
import { PageLoading } from '../layout/PageLoading';
import type { AlertEditor } from './AlertEditor';

const texts = ALERT_FORM_TEXTS.car;

/** The car filter screen's chunk; the editor loads it when the car category is chosen. */
export const loadCarFilterStep = () => import('./CarFilterStep');
const CarFilterStep = lazy(loadCarFilterStep);

export const CarFiltersSlot = observer(function CarFiltersSlot({
  editor,
}: {
  editor: AlertEditor;
}) {
  if (editor.carFiltersStatus === 'failed') {
    return (
      <div className="notice notice--warning" role="alert">
        <p>{ALERT_FIELD_TEXTS.categoryFiltersLoadError}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void editor.ensureCarFilters()}
        >
          {texts.reload}
        </button>
      </div>
    );
  }
  if (editor.carFiltersStatus !== 'ready') return <PageLoading label={texts.loading} />;
  return (
    <Suspense fallback={<PageLoading label={texts.loading} />}>
      <CarFilterStep editor={editor} />
    </Suspense>
  );
});
