/**
 * The marketplace's query rules: every word, case and accents
 * folded, title and the whole description (searchInTitleAndDescription=true, what the engine
 * sends); a search result shows only ~200 characters of the description.
 */
import { describe, expect, it } from 'vitest';
import { POSSIBLY_CUT_AT, foldText, judgeQuery, queryWords } from './query-rules';

describe('the query rules', () => {
  it('folds case, accents and spacing', () => {
    expect(foldText('  Café  KAPÓT ')).toBe('cafe kapot');
    expect(queryWords('iPhone  15 iphone')).toEqual(['iphone', '15']);
    expect(queryWords('   ')).toEqual([]);
  });

  it('needs every word, in the title or the description', () => {
    const listing = { title: 'Batavus damesfiets 28 inch', description: 'Met slot en krat.' };
    expect(judgeQuery(queryWords('batavus krat'), listing)).toBe('match');
    expect(judgeQuery(queryWords('BATAVUS Dámesfiets'), listing)).toBe('match');
    expect(judgeQuery(queryWords('batavus gazelle'), listing)).toBe('no-match');
  });

  it('a query without words (a category feed) matches everything', () => {
    expect(judgeQuery([], { title: 'x', description: '' })).toBe('match');
  });

  it('a word missing from a cut description is undecided, not a no', () => {
    const cut = { title: 'Racefiets', description: 'a'.repeat(POSSIBLY_CUT_AT + 5) };
    expect(judgeQuery(queryWords('racefiets shimano'), cut)).toBe('undecided');
    const whole = { title: 'Racefiets', description: 'Nette fiets.' };
    expect(judgeQuery(queryWords('racefiets shimano'), whole)).toBe('no-match');
  });
});
