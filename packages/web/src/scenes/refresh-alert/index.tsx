import { Link, useParams } from 'react-router-dom';
import { API_CLIENT_TEXTS, MANAGE_ALERT_TEXTS, formatDateTime, isApiError } from '@prijsalarm/core';
import type { AlertWithMessageResponse } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { PageLoading } from '../../components/layout/PageLoading';
import { useOneTimeTask } from '../../hooks/useOneTimeTask';
import type { RootStore } from '../../stores/RootStore';
import { useStores } from '../../stores/context';

const texts = MANAGE_ALERT_TEXTS.refresh;

/** A refresh link works once: React's double effects (and re-renders) share one request. */
const requests = new Map<string, Promise<AlertWithMessageResponse>>();

export function refreshOnce(
  root: RootStore,
  manageToken: string,
  refreshToken: string,
): Promise<AlertWithMessageResponse> {
  const key = `${manageToken}/${refreshToken}`;
  let request = requests.get(key);
  if (!request) {
    request = root.api.alerts.manage.refresh(manageToken, refreshToken);
    requests.set(key, request);
    // A failure (say, no network) may be tried again by opening the link again.
    request.catch(() => requests.delete(key));
  }
  return request;
}

/** /manage/{manageToken}/refresh/{refreshToken}: extends the alert and shows until when. */
export default function RefreshAlertScene() {
  const root = useStores();
  const { manageToken = '', refreshToken = '' } = useParams();
  const task = useOneTimeTask(`${manageToken}/${refreshToken}`, () =>
    refreshOnce(root, manageToken, refreshToken),
  );
  const managePath = `/manage/${encodeURIComponent(manageToken)}`;
  const toManage = (
    <p className="actions">
      <Link className="button button--primary" to={managePath}>
        {texts.toManage}
      </Link>
    </p>
  );

  if (task.status === 'pending') return <PageLoading label={texts.busy} />;
  if (task.status === 'failed') {
    const message = isApiError(task.error) ? task.error.message : API_CLIENT_TEXTS.unexpected;
    return (
      <Page title={texts.failedTitle} width="narrow">
        <div className="notice notice--error" role="alert">
          {message}
        </div>
        {toManage}
      </Page>
    );
  }
  const { alert, message } = task.value;
  return (
    <Page title={texts.doneTitle} width="narrow">
      <div className="notice notice--success" role="status">
        <p>{message}</p>
        {alert.expiresAt && <p>{texts.newExpiry(formatDateTime(alert.expiresAt))}</p>}
      </div>
      {toManage}
    </Page>
  );
}
