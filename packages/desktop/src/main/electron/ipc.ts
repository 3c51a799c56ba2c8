/** Registers every contract channel with ipcMain; the router validates sender and argument. */
import { ipcMain } from 'electron';
import { IPC_CHANNELS } from '../../shared/ipc';
import type { IpcRouter } from '../ipcRouter';

export function registerIpc(router: IpcRouter, onClose: (webContentsId: number) => void): void {
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, async (event, argument: unknown) => {
      const senderUrl = event.senderFrame?.url ?? '';
      const result = await router.handle(channel, argument, senderUrl);
      if (channel === 'window:close' && result.ok) onClose(event.sender.id);
      return result;
    });
  }
}
