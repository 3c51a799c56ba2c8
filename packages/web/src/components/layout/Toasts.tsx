import { observer } from 'mobx-react-lite';
import { WEB_TEXTS } from '@prijsalarm/core';
import { useStores } from '../../stores/context';
import { Icon } from '../ui/Icon';

/**
 * The toasts. One polite live region announces new ones; errors and warnings are
 * alerts, read out at once.
 */
export const Toasts = observer(function Toasts() {
  const { toasts } = useStores();
  return (
    <section className="toasts" aria-label={WEB_TEXTS.toasts.region}>
      <div aria-live="polite" aria-relevant="additions">
        {toasts.toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast--${toast.type}`}
            role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
          >
            <p className="toast__message">{toast.message}</p>
            <button
              type="button"
              className="toast__close"
              aria-label={WEB_TEXTS.toasts.close}
              onClick={() => toasts.dismiss(toast.id)}
            >
              <Icon name="close" size="sm" />
            </button>
          </div>
        ))}
      </div>
    </section>
  );
});
