/**
 * Native notifications: the only place that makes an Electron Notification. The ad's photo is
 * fetched (https only, briefly) where the OS shows one; a slow photo never delays the alert long.
 */
import { Notification, nativeImage, type NativeImage } from 'electron';
import type { NativeNotification } from '../notifier';

const PHOTO_TIMEOUT_MS = 800;

async function loadPhoto(url: string | null): Promise<NativeImage | undefined> {
  // macOS and Windows 10+ show the app's icon and ignore a per-notification one.
  if (!url || process.platform === 'darwin') return undefined;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(PHOTO_TIMEOUT_MS) });
    if (!response.ok) return undefined;
    const image = nativeImage.createFromBuffer(Buffer.from(await response.arrayBuffer()));
    return image.isEmpty() ? undefined : image.resize({ width: 256 });
  } catch {
    return undefined;
  }
}

/** Notifications are kept referenced until closed, or the OS may drop their click handler. */
const live = new Set<Notification>();

export async function showNativeNotification(
  notification: NativeNotification,
  onClick: () => void,
): Promise<void> {
  if (!Notification.isSupported()) return;
  const icon = notification.kind === 'ad' ? await loadPhoto(notification.imageUrl) : undefined;
  const native = new Notification({
    title: notification.title,
    body: notification.body,
    silent: notification.silent,
    ...(icon ? { icon } : {}),
  });
  live.add(native);
  native.on('click', () => onClick());
  native.on('close', () => live.delete(native));
  native.show();
}
