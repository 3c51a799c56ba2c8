import { describe, expect, it } from 'vitest';
import type { Category } from '../models';
import { indexCategories, presentCategory } from './category';

const category = (fields: Partial<Category>) =>
  ({ isActive: true, parentId: null, ...fields }) as Category;

// Our ids differ from the marketplace's on purpose; two L2s share a marketplace id under
// different parents.
const categories = [
  category({ id: 1, name: 'Fietsen', marktplaatsId: 445, type: 'L1' }),
  category({ id: 2, name: 'Auto’s', marktplaatsId: 91, type: 'L1' }),
  category({ id: 11, name: 'Racefietsen', marktplaatsId: 464, type: 'L2', parentId: 1 }),
  category({ id: 21, name: 'Onderdelen', marktplaatsId: 464, type: 'L2', parentId: 2 }),
];

describe('indexCategories', () => {
  const index = indexCategories(categories);

  it('finds a category by our id', () => {
    expect(index.byId.get(11)?.name).toBe('Racefietsen');
  });

  it('translates marketplace ids to ours, L2 under its own L1', () => {
    expect(index.l1IdByMarktplaatsId(445)).toBe(1);
    expect(index.l2IdByMarktplaatsId(445, 464)).toBe(11);
    expect(index.l2IdByMarktplaatsId(91, 464)).toBe(21);
  });

  it.each([
    ['no L1', () => index.l1IdByMarktplaatsId(null)],
    ['an unknown L1', () => index.l1IdByMarktplaatsId(1)],
    ['an L2 without its L1', () => index.l2IdByMarktplaatsId(null, 464)],
    ['an L2 under an unknown L1', () => index.l2IdByMarktplaatsId(1, 464)],
    ['no L2', () => index.l2IdByMarktplaatsId(445, undefined)],
  ])('answers null for %s', (_case, lookup) => {
    expect(lookup()).toBeNull();
  });
});

describe('presentCategory', () => {
  it('gives the wizard the whitelisted fields only', () => {
    const row = { ...categories[2]!, createdAt: new Date(), updatedAt: new Date() } as Category;
    expect(presentCategory(row)).toEqual({
      id: 11,
      name: 'Racefietsen',
      marktplaatsId: 464,
      type: 'L2',
      parentId: 1,
      isActive: true,
    });
  });
});
