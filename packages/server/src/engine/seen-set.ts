/**
 * A seen-set keeps its newest rows only: per-search polling's (SearchSeenListing, per search) and
 * the feed's (FeedSeenListing, per category) alike. Newest by `lastSeenAt`, then `id`.
 */
import { Op, type ModelStatic, type Transaction, type WhereOptions } from 'sequelize';
import type { Model } from 'sequelize';

type SeenRow = Model & { id: number; lastSeenAt: Date };

/** Deletes the rows of `scope` beyond the newest `limit`. */
export async function keepNewestSeen(
  model: ModelStatic<SeenRow>,
  scope: WhereOptions,
  limit: number,
  transaction?: Transaction,
): Promise<void> {
  const cut = await model.findOne({
    attributes: ['id', 'lastSeenAt'],
    where: scope,
    order: [
      ['lastSeenAt', 'DESC'],
      ['id', 'DESC'],
    ],
    offset: limit,
    transaction,
  });
  if (!cut) return;
  await model.destroy({
    where: {
      ...scope,
      [Op.or]: [
        { lastSeenAt: { [Op.lt]: cut.lastSeenAt } },
        { lastSeenAt: cut.lastSeenAt, id: { [Op.lte]: cut.id } },
      ],
    },
    transaction,
  });
}
