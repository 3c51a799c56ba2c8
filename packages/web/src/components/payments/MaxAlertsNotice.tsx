import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { PAYMENT_TEXTS, canBuyExtraAlerts } from '@prijsalarm/core';
import type { MaxAlertsWarning } from '@prijsalarm/core';
import { useStores } from '../../stores/context';

/** Where extra alerts are bought: the subscription tab, at its extra-alerts form. */
export const EXTRA_ALERTS_PATH = '/my-account?tab=subscription#extra-alerts';

/**
 * The max-alerts warning with both ways past the limit: the upgrade, and extra alerts for the
 * current plan where core's rule lets the plan buy them. One notice for the dashboard and the
 * alert wizard.
 */
export const MaxAlertsNotice = observer(function MaxAlertsNotice({
  warning,
  id,
}: {
  warning: MaxAlertsWarning;
  id?: string;
}) {
  const { auth } = useStores();
  return (
    <div className="notice notice--warning" id={id}>
      <p>
        {warning.message} <Link to={warning.upgradePath}>{warning.upgradeLabel}</Link>
      </p>
      {canBuyExtraAlerts(auth.plan) && (
        <p>
          {PAYMENT_TEXTS.maxAlerts.offer}{' '}
          <Link to={EXTRA_ALERTS_PATH}>{PAYMENT_TEXTS.maxAlerts.buy}</Link>
        </p>
      )}
    </div>
  );
});
