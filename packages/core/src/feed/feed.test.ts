import { describe, expect, it } from 'vitest';
import { ALERT_FEED_ITEM_LIMIT, ALERT_FEED_TEXTS } from './index';

describe('alert feed texts', () => {
  it('name the channel after the search term', () => {
    expect(ALERT_FEED_TEXTS.channel.title('fiets')).toBe('Prijsalarm: "fiets"');
    expect(ALERT_FEED_TEXTS.channel.description('fiets', ALERT_FEED_ITEM_LIMIT)).toBe(
      'De laatste 50 advertenties die je alert "fiets" vond.',
    );
  });

  it('name the alert in every control of a card, so a screen reader can tell them apart', () => {
    const { link } = ALERT_FEED_TEXTS;
    for (const label of [link.label, link.copyLabel, link.renewLabel, link.createLabel]) {
      expect(label('racefiets')).toContain('racefiets');
    }
  });
});
