import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ALERT_FORM_TEXTS } from '@prijsalarm/core';
import { focusInView } from '../../hooks/focusInView';
import type { AlertCreation } from './AlertCreation';
import { Icon } from '../ui/Icon';

const texts = ALERT_FORM_TEXTS.result;

/** Moves the focus to the card when it appears, so screen readers and keyboards land on it. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ref.current) focusInView(ref.current);
  }, []);
  return ref;
}

interface ResultProps {
  creation: AlertCreation;
  /** The success card's text for this form (guest: check your e-mail; account: we will tell you). */
  successText: string;
}

/** The success card: what happens next and where the user goes in 3 s. */
export const SuccessCard = observer(function SuccessCard({ creation, successText }: ResultProps) {
  const ref = useFocusOnMount<HTMLDivElement>();
  const target = creation.redirectTarget;
  return (
    <div ref={ref} className="result-card result-card--success" role="status" tabIndex={-1}>
      <span className="result-card__icon">
        <Icon name="check" size="lg" />
      </span>
      <h2 className="result-card__title">{texts.successTitle}</h2>
      <p>{successText}</p>
      {target !== null && (
        <>
          <p className="result-card__note">
            {target === '/dashboard' ? texts.redirectingToDashboard : texts.redirectingToManage}
          </p>
          <Link className="button button--primary" to={target} onClick={creation.dispose}>
            {texts.continueNow}
          </Link>
        </>
      )}
    </div>
  );
});

/** The error card: the server's Dutch message or the default, and a retry. */
export const ErrorCard = observer(function ErrorCard({
  creation,
  onRetry,
}: {
  creation: AlertCreation;
  onRetry(): void;
}) {
  const ref = useFocusOnMount<HTMLDivElement>();
  const upgrading = creation.redirectReason === 'upgrade' && creation.redirectTarget !== null;
  return (
    <div ref={ref} className="result-card result-card--error" role="alert" tabIndex={-1}>
      <span className="result-card__icon">
        <Icon name="alert" size="lg" />
      </span>
      <h2 className="result-card__title">{texts.errorTitle}</h2>
      <p>{creation.errorMessage}</p>
      {upgrading && <p className="result-card__note">{texts.upgradeRedirect}</p>}
      <div className="actions actions--center">
        {upgrading && creation.redirectTarget !== null && (
          <Link className="button button--primary" to={creation.redirectTarget}>
            {texts.upgradeNow}
          </Link>
        )}
        <button
          type="button"
          className={upgrading ? 'button button--secondary' : 'button button--primary'}
          onClick={onRetry}
        >
          {texts.retry}
        </button>
      </div>
    </div>
  );
});
