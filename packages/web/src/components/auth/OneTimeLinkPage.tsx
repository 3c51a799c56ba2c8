/**
 * The page a one-time link from an e-mail opens (login link, address confirmation): it spends the
 * token once, then goes on with a toast, or shows why not with the way back to the login page.
 */
import { observer } from 'mobx-react-lite';
import { Link, Navigate } from 'react-router-dom';
import { API_CLIENT_TEXTS, isApiError } from '@prijsalarm/core';
import { useOneTimeTask } from '../../hooks/useOneTimeTask';
import { useStores } from '../../stores/context';
import { Page } from '../content/Page';
import { PageLoading } from '../layout/PageLoading';

export interface OneTimeLinkPageProps {
  /** Which token this is: the page spends each one once. */
  taskKey: string;
  /** Spends the token (a store call that logs in). */
  run: () => Promise<unknown>;
  /** Where the page goes once it succeeded. */
  to: string;
  texts: { title: string; busy: string; done: string; toLogin: string };
}

export const OneTimeLinkPage = observer(function OneTimeLinkPage({
  taskKey,
  run,
  to,
  texts,
}: OneTimeLinkPageProps) {
  const { toasts } = useStores();
  const task = useOneTimeTask(taskKey, async () => {
    await run();
    toasts.success(texts.done);
  });

  if (task.status === 'done') return <Navigate to={to} replace />;
  return (
    <Page title={texts.title} width="narrow">
      {task.status === 'pending' ? (
        <PageLoading label={texts.busy} />
      ) : (
        <>
          <div className="notice notice--error" role="alert">
            {isApiError(task.error) ? task.error.message : API_CLIENT_TEXTS.unexpected}
          </div>
          <p className="actions">
            <Link className="button button--primary" to="/login">
              {texts.toLogin}
            </Link>
          </p>
        </>
      )}
    </Page>
  );
});
