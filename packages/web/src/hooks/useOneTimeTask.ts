import { useEffect, useState } from 'react';

export type TaskState<T> =
  { status: 'pending' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown };

/**
 * Runs `run` once when the page opens and tracks its outcome. The store methods it calls share
 * their request per token, so React's double effects in development never spend a token twice.
 */
export function useOneTimeTask<T>(key: string, run: () => Promise<T>): TaskState<T> {
  const [state, setState] = useState<{ key: string; task: TaskState<T> }>({
    key,
    task: { status: 'pending' },
  });
  useEffect(() => {
    let active = true;
    run().then(
      (value) => active && setState({ key, task: { status: 'done', value } }),
      (error: unknown) => active && setState({ key, task: { status: 'failed', error } }),
    );
    return () => {
      active = false;
    };
    // `run` is a new function on every render; the key says when the task is another one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state.task : { status: 'pending' };
}
