/**
 * A task run again and again in the background: the next run starts `everyMs` after the previous
 * one ended, so a slow run is never overlapped by the next; a failed run is reported and the next
 * one runs as planned. `stop()` cancels what is planned and waits for a run under way.
 */
export interface Repeating {
  stop(): Promise<void>;
}

export interface RepeatOptions {
  everyMs: number;
  /** Run at once (default), or only after the first period. */
  startNow?: boolean;
  onError(error: unknown): void;
}

export function repeat(task: () => Promise<unknown>, options: RepeatOptions): Repeating {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const plan = () => {
    if (stopped) return;
    timer = setTimeout(run, options.everyMs);
    // A background task never keeps the process alive on its own.
    timer.unref();
  };
  const run = () => {
    running = task().catch(options.onError).finally(plan);
  };
  if (options.startNow ?? true) run();
  else plan();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
