import { observer } from 'mobx-react-lite';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ALERT_FORM_TEXTS, STRINGS } from '@prijsalarm/core';
import type { AlertFormContext } from '@prijsalarm/core';
import { focusInView } from '../../hooks/focusInView';
import { PageLoading } from '../layout/PageLoading';
import { MaxAlertsNotice } from '../payments/MaxAlertsNotice';
import { useStores } from '../../stores/context';
import { AlertWizardStore } from './AlertWizardStore';
import type { WizardStepId } from './AlertWizardStore';
import { ErrorCard, SuccessCard } from './CreationResult';
import { SearchLinkField } from './SearchLinkField';
import {
  AdvancedStep,
  CategoryStep,
  PlatformStep,
  PriceLocationStep,
  SearchStep,
  SummaryStep,
} from './WizardSteps';
import './alert-form.css';
import { Icon } from '../ui/Icon';

const texts = ALERT_FORM_TEXTS;

/** The car filters are a screen of their own, loaded only for the car category (spec §2). */
const loadCarFilterStep = () => import('./CarFilterStep');
const CarFilterStep = lazy(loadCarFilterStep);

export interface AlertWizardProps {
  /** 'dashboard' on /dashboard/create (back to the dashboard after success), else 'page'. */
  context: AlertFormContext;
}

const CarFiltersSlot = observer(function CarFiltersSlot({ wizard }: { wizard: AlertWizardStore }) {
  if (wizard.carFiltersStatus === 'failed') {
    return (
      <div className="notice notice--warning" role="alert">
        <p>{STRINGS.alertForm.categoryFiltersLoadError}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void wizard.ensureCarFilters()}
        >
          {texts.car.reload}
        </button>
      </div>
    );
  }
  if (wizard.carFiltersStatus !== 'ready') return <PageLoading label={texts.car.loading} />;
  return (
    <Suspense fallback={<PageLoading label={texts.car.loading} />}>
      <CarFilterStep wizard={wizard} />
    </Suspense>
  );
});

function StepBody({ step, wizard }: { step: WizardStepId; wizard: AlertWizardStore }) {
  switch (step) {
    case 'platform':
      return <PlatformStep wizard={wizard} />;
    case 'category':
      return <CategoryStep wizard={wizard} />;
    case 'search':
      return <SearchStep wizard={wizard} />;
    case 'priceLocation':
      return <PriceLocationStep wizard={wizard} />;
    case 'carFilters':
      return <CarFiltersSlot wizard={wizard} />;
    case 'advanced':
      return <AdvancedStep wizard={wizard} />;
    case 'summary':
      return <SummaryStep wizard={wizard} />;
  }
}

const Progress = observer(function Progress({ wizard }: { wizard: AlertWizardStore }) {
  return (
    <nav className="wizard__progress" aria-label={texts.wizard.progressLabel}>
      <ol className="wizard__steps">
        {wizard.steps.map((step, index) => {
          const current = step === wizard.currentStep;
          const done = index + 1 < wizard.stepNumber;
          return (
            <li
              key={step}
              className={`wizard__step${current ? ' is-current' : ''}${done ? ' is-done' : ''}`}
              aria-current={current ? 'step' : undefined}
            >
              <span className="wizard__step-number" aria-hidden="true">
                {done ? <Icon name="check" size="sm" /> : index + 1}
              </span>
              <span className="wizard__step-label">{texts.wizard.steps[step]}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
});

/**
 * The signed-in user's alert wizard (spec §2 "Alert form, authenticated"). Used by
 * /prijsalarm-maken ('page') and /dashboard/create ('dashboard').
 */
export const AlertWizard = observer(function AlertWizard({ context }: AlertWizardProps) {
  const root = useStores();
  const [wizard] = useState(
    () => new AlertWizardStore(root, { context, loadCarFilters: loadCarFilterStep }),
  );
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    void root.capabilities.load();
    void wizard.loadCategories();
    return wizard.dispose;
  }, [root, wizard]);

  // After a step change or a refusal: the first field in error, else the step's heading.
  const focusRequests = wizard.focusRequests;
  useEffect(() => {
    if (focusRequests === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid ?? headingRef.current;
    if (target) focusInView(target);
  }, [focusRequests]);

  if (!root.capabilities.isLoaded && root.auth.isLoggedIn) {
    return <PageLoading label={texts.wizard.loading} />;
  }

  const { creation } = wizard;
  if (creation.phase === 'success') {
    return <SuccessCard creation={creation} successText={texts.result.accountSuccess} />;
  }
  if (creation.phase === 'error') {
    return <ErrorCard creation={creation} onRetry={wizard.retry} />;
  }

  const step = wizard.currentStep;
  const warning = wizard.maxAlertsWarning;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (wizard.isLastStep) void wizard.submit();
    else wizard.next();
  };

  return (
    <section className="wizard card" aria-labelledby={headingId}>
      {warning && <MaxAlertsNotice warning={warning} />}
      <SearchLinkField link={wizard.link} />
      <Progress wizard={wizard} />
      <p className="wizard__count">{texts.wizard.progress(wizard.stepNumber, wizard.totalSteps)}</p>
      <h2 className="wizard__title" id={headingId} ref={headingRef} tabIndex={-1}>
        {texts.wizard.steps[step]}
      </h2>
      <p className="wizard__intro">{texts.wizard.intros[step]}</p>
      <form
        ref={formRef}
        className="form wizard__form"
        noValidate
        aria-labelledby={headingId}
        onSubmit={submit}
      >
        <StepBody step={step} wizard={wizard} />
        <div className="wizard__nav">
          {!wizard.isFirstStep && (
            <button type="button" className="button button--secondary" onClick={wizard.back}>
              {texts.wizard.previous}
            </button>
          )}
          <span className="wizard__spacer" />
          {step === 'category' && (
            <button
              type="button"
              className="button button--secondary"
              onClick={wizard.skipCategory}
            >
              {texts.wizard.skip}
            </button>
          )}
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={creation.isSubmitting || (wizard.isLastStep && !wizard.canSubmit)}
          >
            {creation.isSubmitting
              ? STRINGS.web.form.busy
              : wizard.isLastStep
                ? STRINGS.alertForm.submit
                : texts.wizard.next}
          </button>
        </div>
      </form>
    </section>
  );
});

export default AlertWizard;
