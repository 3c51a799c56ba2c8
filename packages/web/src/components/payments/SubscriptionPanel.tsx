import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import {
  EXTRA_ALERTS_MAX,
  EXTRA_ALERTS_MIN,
  PAYMENT_TEXTS,
  WEB_TEXTS,
  canBuyExtraAlerts,
  planCard,
  planLabel,
  receiptPath,
  type PaymentDto,
  type SubscriptionOverview,
} from '@prijsalarm/core';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LoadError, Loading } from '../ui/LoadError';
import { useStores } from '../../stores/context';
import { subscriptionStoreOf, type SubscriptionStore } from './SubscriptionStore';
import { dutchDate, euros } from './format';
import { PaymentMethods } from './PaymentMethods';
import { BuyProButton } from './ProCheckoutButton';
import './payments.css';

const texts = PAYMENT_TEXTS.subscription;

/** /my-account?tab=subscription: plan, paid until, next charge, cancel, extra alerts, receipts. */
export const SubscriptionPanel = observer(function SubscriptionPanel() {
  const root = useStores();
  const store = subscriptionStoreOf(root);
  const plan = root.auth.plan;
  useEffect(() => {
    // A plan changed elsewhere (another tab, the return page) makes the overview out of date.
    if (store.overview && store.overview.plan !== plan) store.invalidate();
    store.ensureLoaded();
  }, [store, plan]);

  const overview = store.overview;
  return (
    <section className="card subscription" aria-labelledby="subscription-title">
      <h2 id="subscription-title">{WEB_TEXTS.subscription.title}</h2>
      {store.status === 'loading' && <Loading />}
      {store.status === 'error' && store.error && (
        <LoadError message={store.error} onRetry={() => void store.load()} />
      )}
      {overview && (
        <>
          {!overview.paymentsAvailable && (
            <p className="notice notice--info">{PAYMENT_TEXTS.errors.unavailable}</p>
          )}
          <PlanPart store={store} overview={overview} />
          {canBuyExtraAlerts(overview.plan) && (
            <ExtraAlertsPart store={store} overview={overview} />
          )}
          <PaymentsPart payments={overview.payments} />
        </>
      )}
      <ConfirmDialog
        open={store.confirmingCancel}
        title={texts.cancel}
        confirmLabel={texts.cancelYes}
        busy={store.canceling}
        onConfirm={() => void store.cancel()}
        onCancel={store.keepPro}
      >
        <p>{texts.cancelConfirm}</p>
      </ConfirmDialog>
    </section>
  );
});

const PlanPart = observer(function PlanPart({
  store,
  overview,
}: {
  store: SubscriptionStore;
  overview: SubscriptionOverview;
}) {
  const { settings } = useStores();
  const subscription = overview.subscription;
  const isPro = overview.plan === 'PRO';
  return (
    <div className="subscription__plan">
      <dl className="facts">
        <dt>{texts.plan}</dt>
        <dd data-testid="subscription-plan">{planLabel(overview.plan)}</dd>
        {isPro && subscription?.paidUntil && (
          <>
            <dt>{subscription.status === 'canceled' ? texts.endsOn : texts.paidUntil}</dt>
            <dd>{dutchDate(subscription.paidUntil)}</dd>
          </>
        )}
        {isPro && subscription?.nextChargeAt && (
          <>
            <dt>{texts.nextCharge}</dt>
            <dd>
              {dutchDate(subscription.nextChargeAt)} · {euros(subscription.amountCents)}
            </dd>
          </>
        )}
      </dl>
      {isPro && subscription?.graceUntil && (
        <p className="notice notice--warning">
          {texts.graceUntil(dutchDate(subscription.graceUntil))}
        </p>
      )}
      {isPro && subscription?.status === 'canceled' && subscription.paidUntil && (
        <p className="notice notice--info">
          {texts.canceledNote(dutchDate(subscription.paidUntil))}
        </p>
      )}
      {overview.pausedAlerts > 0 && (
        <p className="notice notice--warning">{texts.pausedAlerts(overview.pausedAlerts)}</p>
      )}
      {isPro && (subscription?.status === 'active' || subscription?.status === 'past_due') && (
        <button type="button" className="button button--secondary" onClick={store.askCancel}>
          {texts.cancel}
        </button>
      )}
      {!isPro && (
        <div className="subscription__upgrade">
          <h3>{texts.upgradeTitle}</h3>
          <p>
            {texts.upgradeText(
              `${euros(overview.prices.proCents)} ${PAYMENT_TEXTS.pricing.inclVat}`,
            )}
          </p>
          <ul className="checklist">
            {planCard('PRO', settings.current).highlights.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {overview.paymentsAvailable && <BuyProButton store={store} />}
          <PaymentMethods />
        </div>
      )}
    </div>
  );
});

const ExtraAlertsPart = observer(function ExtraAlertsPart({
  store,
  overview,
}: {
  store: SubscriptionStore;
  overview: SubscriptionOverview;
}) {
  const total = overview.prices.perAlertCents * store.quantity;
  return (
    <div className="subscription__extra" id="extra-alerts">
      <h3>{texts.extraAlerts}</h3>
      <p>{PAYMENT_TEXTS.pricing.extraAlertsText(euros(overview.prices.perAlertCents))}</p>
      {overview.extraAlerts > 0 && <p>{texts.extraAlertsOwned(overview.extraAlerts)}</p>}
      {overview.paymentsAvailable && (
        <div className="subscription__buy">
          <label htmlFor="extra-alerts-quantity">{texts.quantityLabel}</label>
          <input
            id="extra-alerts-quantity"
            className="field__input"
            type="number"
            inputMode="numeric"
            min={EXTRA_ALERTS_MIN}
            max={EXTRA_ALERTS_MAX}
            value={store.quantity}
            onChange={(event) => store.setQuantity(Number(event.target.value))}
          />
          <button
            type="button"
            className="button button--primary"
            disabled={store.starting !== null}
            onClick={() => void store.buy('extra_alerts')}
          >
            {texts.buyExtraAlerts(store.quantity, euros(total))}
          </button>
        </div>
      )}
    </div>
  );
});

function PaymentsPart({ payments }: { payments: PaymentDto[] }) {
  return (
    <div className="subscription__payments">
      <h3>{texts.payments}</h3>
      {payments.length === 0 ? (
        <p>{texts.noPayments}</p>
      ) : (
        <ul className="payment-list" aria-label={texts.payments}>
          {payments.map((payment) => (
            <li key={payment.id} className="payment-list__item">
              <span>{dutchDate(payment.paidAt ?? payment.createdAt)}</span>
              <span>{payment.description}</span>
              <span>{euros(payment.amountCents, payment.currency)}</span>
              <span>{PAYMENT_TEXTS.status[payment.status]}</span>
              {payment.receipt && (
                <Link className="payment-list__receipt" to={receiptPath(payment.id)}>
                  {texts.showReceipt} {payment.receipt.number}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="field__hint">
        <Link to="/dashboard">{PAYMENT_TEXTS.callback.toDashboard}</Link>
      </p>
    </div>
  );
}
