/** Types of the stand-in, for the tests that use it in-process (vi.mock). */
export interface StandInEvent {
  event: string;
  [key: string]: unknown;
}

export interface StandInWebContents {
  id: number;
  handlers: Map<string, (...args: unknown[]) => unknown>;
  windowOpen(url: string): unknown;
}

export const standIn: {
  events: StandInEvent[];
  ipcHandlers: Map<string, (...args: unknown[]) => unknown>;
  appHandlers: Map<string, (...args: unknown[]) => unknown>;
  singleInstance: boolean;
  reset(): void;
};

export function createWebContents(): StandInWebContents;
