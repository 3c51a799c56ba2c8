import { Link } from 'react-router-dom';
import { UPGRADE_PATH } from '@prijsalarm/core';
import { LoadError, Loading } from '../../components/ui/LoadError';

interface PanelStatusProps {
  phase: 'idle' | 'loading' | 'locked' | 'ready' | 'error';
  error: string | null;
  /** The plan message of a feature the plan lacks. */
  lockedMessage: string | null;
  upgradeLabel: string;
  onRetry(): void;
}

/** What an integration panel shows before it is ready: loading, a load error, or the plan's lock. */
export function PanelStatus({
  phase,
  error,
  lockedMessage,
  upgradeLabel,
  onRetry,
}: PanelStatusProps) {
  return (
    <>
      {(phase === 'loading' || phase === 'idle') && <Loading />}
      {phase === 'error' && error && <LoadError message={error} onRetry={onRetry} />}
      {phase === 'locked' && (
        <div className="notice notice--info">
          <p>{lockedMessage}</p>
          <Link to={UPGRADE_PATH}>{upgradeLabel}</Link>
        </div>
      )}
    </>
  );
}
