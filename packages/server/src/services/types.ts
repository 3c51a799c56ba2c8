import type { ServiceName } from '../config/env';

/** A started role. `stop` finishes what is in flight (within its own time limit) and resolves. */
export interface RunningService {
  name: ServiceName;
  stop(): Promise<void>;
}
