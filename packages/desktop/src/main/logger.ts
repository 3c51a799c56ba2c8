/** What the main-process modules log through; the binding layer passes console, tests a recorder. */
export interface Logger {
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

export const consoleLogger: Logger = {
  info: (message, details) => console.info(`[prijsalarm] ${message}`, details ?? ''),
  warn: (message, details) => console.warn(`[prijsalarm] ${message}`, details ?? ''),
  error: (message, details) => console.error(`[prijsalarm] ${message}`, details ?? ''),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
