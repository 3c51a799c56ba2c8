/** The preload's bridge (window.prijsalarm): the renderer's only way to main. */
import type { DesktopBridge, IpcResult } from '../../shared/ipc';

declare global {
  interface Window {
    prijsalarm: DesktopBridge;
  }
}

export function bridge(): DesktopBridge {
  return window.prijsalarm;
}

/** The value, or throws the Dutch error text. */
export async function unwrap<T>(call: Promise<IpcResult<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new Error(result.error);
  return result.value;
}
