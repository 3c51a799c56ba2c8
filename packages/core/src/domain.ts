/** The vocabulary every package shares: plans, roles and the two marketplaces. */

export const PLANS = ['FREE', 'REGISTERED', 'PRO'] as const;
export type Plan = (typeof PLANS)[number];

export const ROLES = ['USER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const PLATFORM_IDS = ['marktplaats', '2dehands'] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

export interface PlatformInfo {
  id: PlatformId;
  name: string;
  country: 'NL' | 'BE';
  flag: string;
  colour: string;
  url: string;
}

export const PLATFORMS: Record<PlatformId, PlatformInfo> = {
  marktplaats: {
    id: 'marktplaats',
    name: 'Marktplaats',
    country: 'NL',
    flag: '🇳🇱',
    colour: '#eda566',
    url: 'https://www.marktplaats.nl',
  },
  '2dehands': {
    id: '2dehands',
    name: '2dehands',
    country: 'BE',
    flag: '🇧🇪',
    colour: '#2d73c4',
    url: 'https://www.2dehands.be',
  },
};

export type PerPlan<T> = Record<Plan, T>;

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}
