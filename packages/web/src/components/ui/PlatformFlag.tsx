/**
 * A marketplace's country flag as a small SVG image (not an emoji: flag emoji draw as empty boxes
 * on Windows and most Linux desktops). Decorative: the marketplace's name stands beside it.
 */
import type { PlatformInfo } from '@prijsalarm/core';
import beFlag from '../../assets/flags/be.svg';
import nlFlag from '../../assets/flags/nl.svg';

const FLAGS: Record<PlatformInfo['country'], string> = { NL: nlFlag, BE: beFlag };

export function PlatformFlag({ country }: { country: PlatformInfo['country'] }) {
  return <img className="flag" src={FLAGS[country]} alt="" width={24} height={16} />;
}
