/**
 * Progressive hydration of the prerendered home page, to keep its Total Blocking Time low.
 * Taking over the whole page in one go is one long task on a phone; wrapped in `HydrateLater`, a
 * part of the page keeps its prerendered elements at first and is taken over in a task of its
 * own right after, so the browser can paint and answer input in between.
 *
 * It waits only while `hydrating()` runs (main.tsx, over the prerendered page): Preact's Suspense
 * then keeps the server's elements on screen (no fallback) and hydrates them once the wait is
 * over. Rendering anew (another page, the unit tests, the dev server, the prerender itself) draws
 * the children at once, so nothing changes there. The children must be ONE element: Preact keeps
 * the first element it finds for a suspended part.
 */
import { Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { nextTask } from '../../platform/nextTask';

let hydratingNow = false;
/** The parts of the page being hydrated that have yet to be taken over. */
const waiting: Promise<void>[] = [];

/** Runs `hydrate` (the first render over the prerendered page): `HydrateLater` parts wait. */
export function hydrating(hydrate: () => void): void {
  hydratingNow = true;
  try {
    hydrate();
  } finally {
    hydratingNow = false;
  }
}

interface Wait {
  done: boolean;
  promise: Promise<void>;
}

/**
 * Resolves once every part of the page `hydrating` drew has been taken over: until then, a change
 * to what the page shows would not match the elements a waiting part keeps.
 */
export function hydrated(): Promise<void> {
  return Promise.all(waiting.splice(0)).then(() => nextTask(undefined));
}

/** Each part waits for a task of its own (timers run one per task, in the order they were set). */
function taskAhead(): Wait {
  const wait: Wait = { done: false, promise: Promise.resolve() };
  wait.promise = nextTask(undefined).then(() => {
    wait.done = true;
  });
  waiting.push(wait.promise);
  return wait;
}

function Gate({ wait, children }: { wait: Wait | null; children: ReactNode }) {
  // Suspending is how a part of a page being hydrated says "not yet" (its elements stay).
  if (wait && !wait.done) throw wait.promise;
  return <>{children}</>;
}

export function HydrateLater({ children }: { children: ReactNode }) {
  const [wait] = useState(() => (hydratingNow ? taskAhead() : null));
  return (
    <Suspense fallback={null}>
      <Gate wait={wait}>{children}</Gate>
    </Suspense>
  );
}
