/**
 * Whether the browser is on an iPhone or iPad (iPadOS says "Macintosh" but has a touch screen):
 * there push works only for the web app opened from the home screen, never in a Safari tab.
 * A device's name in the list is account/devices.ts's `describeUserAgent`, as for sessions.
 */
export function isAppleMobile(userAgent: string, maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}
