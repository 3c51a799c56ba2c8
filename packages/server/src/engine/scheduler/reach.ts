/**
 * The reach of per-search polling (with the feed on: reconciliation): per platform, how many
 * searches were checked within twice their interval, and how many were not (or never). At one
 * request a second per host polling alone reaches few of many searches; the feed covers the rest.
 */
import { col, fn, Op } from 'sequelize';
import type { SearchReach } from '../../metrics';
import type { Models } from '../../models';

export async function searchReach(
  models: Pick<Models, 'Search'>,
  now: Date = new Date(),
): Promise<SearchReach[]> {
  const { Search } = models;
  // Few groups: the plans' intervals, each with and without the reconcile factor.
  const groups = (await Search.findAll({
    attributes: ['platform', 'intervalSeconds', [fn('COUNT', col('key')), 'searches']],
    group: ['platform', 'intervalSeconds'],
    raw: true,
  })) as unknown as Array<{ platform: string; intervalSeconds: number; searches: number | string }>;
  const reach = new Map<string, SearchReach>();
  for (const { platform, intervalSeconds, searches } of groups) {
    const inTime = await Search.count({
      where: {
        platform,
        intervalSeconds,
        lastCheckedAt: { [Op.gte]: new Date(now.getTime() - 2 * intervalSeconds * 1000) },
      },
    });
    const entry = reach.get(platform) ?? { platform, inTime: 0, behind: 0 };
    entry.inTime += inTime;
    entry.behind += Number(searches) - inTime;
    reach.set(platform, entry);
  }
  return [...reach.values()];
}
