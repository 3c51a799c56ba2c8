/**
 * A My-account panel behind a plan feature (Telegram, webhooks): it loads the capabilities first
 * and, when the plan lacks the feature, shows core's plan message and makes no call the server
 * would refuse; else it loads its data, or shows why that failed.
 */
import { runInAction } from 'mobx';
import { featureLockedMessage, type FeatureName } from '@prijsalarm/core';
import type { CapabilitiesStore } from './CapabilitiesStore';
import { errorText } from './errors';
import type { ToastStore } from './ToastStore';

export type FeaturePanelPhase = 'idle' | 'loading' | 'locked' | 'ready' | 'error';

export interface FeaturePanelState {
  phase: FeaturePanelPhase;
  error: string | null;
}

/** Why the plan lacks the feature ('Beschikbaar vanaf Geregistreerd plan'); null if it has it. */
export function featureLock(capabilities: CapabilitiesStore, feature: FeatureName): string | null {
  const caps = capabilities.current;
  return caps.canUseFeature(feature) ? null : featureLockedMessage(feature, caps.userPlan);
}

/**
 * Loads a panel: `fetch` only when the plan has the feature, `show` its answer; a panel already
 * shown stays on screen while it loads again.
 */
export async function loadFeaturePanel<T>(
  panel: FeaturePanelState,
  capabilities: CapabilitiesStore,
  feature: FeatureName,
  fetch: () => Promise<T>,
  show: (data: T) => void,
): Promise<void> {
  runInAction(() => {
    if (panel.phase !== 'ready') panel.phase = 'loading';
  });
  await capabilities.load();
  if (featureLock(capabilities, feature) !== null) {
    runInAction(() => {
      panel.phase = 'locked';
    });
    return;
  }
  try {
    const data = await fetch();
    runInAction(() => {
      show(data);
      panel.error = null;
      panel.phase = 'ready';
    });
  } catch (error) {
    runInAction(() => {
      panel.error = errorText(error);
      panel.phase = 'error';
    });
  }
}

/**
 * One row's action of a panel (a test, a removal): only one at a time, `workingId` naming the row
 * while it runs (its buttons show it); what fails becomes an error toast.
 */
export async function runRowAction(
  panel: { workingId: string | null },
  toasts: Pick<ToastStore, 'error'>,
  id: string,
  action: () => Promise<void>,
): Promise<void> {
  if (panel.workingId !== null) return;
  runInAction(() => {
    panel.workingId = id;
  });
  try {
    await action();
  } catch (error) {
    toasts.error(errorText(error));
  } finally {
    runInAction(() => {
      panel.workingId = null;
    });
  }
}
