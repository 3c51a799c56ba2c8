import { runInAction } from 'mobx';
import { errorText } from './errors';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The part of a list store a load writes: how it went, and the Dutch error when it failed. */
export interface LoadState {
  status: LoadStatus;
  error: string | null;
}

/**
 * A loader for a store whose filters change faster than the server answers: only the answer to
 * the LATEST request lands, so a slow earlier page never overwrites a newer one. A store keeps
 * one loader (`private readonly latest = latestLoad()`) and calls it from its `load()` action.
 */
export function latestLoad() {
  let latest = 0;
  return async function load<T>(
    state: LoadState,
    fetch: () => Promise<T>,
    apply: (answer: T) => void,
  ): Promise<void> {
    const request = ++latest;
    if (state.status !== 'ready') state.status = 'loading';
    state.error = null;
    try {
      const answer = await fetch();
      if (request !== latest) return;
      runInAction(() => {
        apply(answer);
        state.status = 'ready';
      });
    } catch (error) {
      if (request !== latest) return;
      runInAction(() => {
        state.error = errorText(error);
        state.status = 'error';
      });
    }
  };
}
