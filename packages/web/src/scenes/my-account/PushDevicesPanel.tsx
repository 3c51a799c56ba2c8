import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { PUSH_TEXTS, formatDateTime, type PushSubscriptionDto } from '@prijsalarm/core';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { PanelStatus } from './PanelStatus';
import type { PushDevicesStore } from './PushDevicesStore';
import './push-devices.css';

const texts = PUSH_TEXTS.screen;

/** On an iPhone or iPad in a Safari tab: Apple gives push only to an app on the home screen. */
function HomeScreenSteps() {
  return (
    <div className="notice notice--info push-devices__ios">
      <h3>{texts.iosHeading}</h3>
      <p>{texts.iosIntro}</p>
      <ol>
        {texts.iosSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}

const ThisDevice = observer(function ThisDevice({ store }: { store: PushDevicesStore }) {
  if (store.support === 'needsHomeScreen') return <HomeScreenSteps />;
  if (store.support === 'unsupported')
    return <p className="notice notice--info">{texts.unsupported}</p>;
  if (store.thisDeviceOn) return <p className="notice notice--success">{texts.thisDeviceOn}</p>;
  if (store.permission === 'denied')
    return <p className="notice notice--warning">{texts.denied}</p>;
  return (
    <button
      type="button"
      className="button button--primary"
      aria-disabled={store.enabling}
      onClick={() => void store.turnOn()}
    >
      {store.enabling ? texts.turningOn : texts.turnOn}
    </button>
  );
});

const DeviceItem = observer(function DeviceItem({
  store,
  device,
  onRemove,
}: {
  store: PushDevicesStore;
  device: PushSubscriptionDto;
  onRemove(device: PushSubscriptionDto): void;
}) {
  const busy = store.workingId !== null;
  return (
    <li className="push-device">
      <p className="push-device__name">
        {device.label}
        {store.isThisDevice(device) && (
          <span className="badge badge--active">{texts.thisDevice}</span>
        )}
      </p>
      <p className="push-device__last">
        {device.lastDeliveredAt ? (
          <>
            {texts.lastDelivery}
            <time dateTime={device.lastDeliveredAt}>{formatDateTime(device.lastDeliveredAt)}</time>
          </>
        ) : (
          texts.neverDelivered
        )}
      </p>
      <div className="actions">
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={texts.testLabel(device.label)}
          aria-disabled={busy}
          onClick={() => void store.sendTest(device.id)}
        >
          {store.workingId === device.id ? texts.testing : texts.test}
        </button>
        <button
          type="button"
          className="button button--danger-outline button--small"
          aria-label={texts.removeLabel(device.label)}
          aria-disabled={busy}
          onClick={() => onRemove(device)}
        >
          {texts.remove}
        </button>
      </div>
    </li>
  );
});

/** My account → Meldingen op je telefoon: push on this device, the user's devices, a test. */
export const PushDevicesPanel = observer(function PushDevicesPanel({
  store,
}: {
  store: PushDevicesStore;
}) {
  const [removing, setRemoving] = useState<PushSubscriptionDto | null>(null);
  useEffect(() => {
    void store.load();
  }, [store]);
  const confirmRemove = async () => {
    if (!removing) return;
    await store.remove(removing.id);
    setRemoving(null);
  };
  return (
    <section className="card account-panel push-devices" aria-labelledby="push-devices-title">
      <h2 id="push-devices-title">{texts.heading}</h2>
      <p>{texts.intro}</p>
      <PanelStatus
        phase={store.phase}
        error={store.error}
        lockedMessage={store.lockedMessage}
        upgradeLabel={texts.upgrade}
        onRetry={() => void store.load()}
      />
      {store.phase === 'ready' && (
        <>
          <ThisDevice store={store} />
          <h3>{texts.devicesHeading}</h3>
          {store.devices.length === 0 ? (
            <p>{texts.empty}</p>
          ) : (
            <ul className="push-devices__list">
              {store.devices.map((device) => (
                <DeviceItem key={device.id} store={store} device={device} onRemove={setRemoving} />
              ))}
            </ul>
          )}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={texts.removeDialog.title}
        confirmLabel={texts.removeDialog.confirm}
        busy={store.workingId !== null}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        <p>{texts.removeDialog.text}</p>
        {removing && <p>{removing.label}</p>}
      </ConfirmDialog>
    </section>
  );
});
