/** A session's device in words ('Chrome op Windows') for the sessions list of my account. */
import { SCREEN_TEXTS } from './strings';

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return SCREEN_TEXTS.common.unknownDevice;
  // The desktop app's user agent also names Chrome: it goes first.
  const browser = /Electron\//.test(userAgent)
    ? 'Prijsalarm-app'
    : BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return SCREEN_TEXTS.common.deviceOn(browser, system);
  return browser ?? system ?? SCREEN_TEXTS.common.unknownDevice;
}
