import { describe, expect, it } from 'vitest';
import { ALERT_FEED_ITEM_LIMIT, ALERT_FEED_TEXTS } from './index';

describe('alert feed texts', () => {
  it('name the channel after the search term', () => {
    expect(ALERT_FEED_TEXTS.channel.title('fiets')).toBe('Prijsalarm: "fiets"');
    expect(ALERT_FEED_TEXTS.channel.description('fiets', ALERT_FEED_ITEM_LIMIT)).toBe(
      'De laatste 50 advertenties die je alert "fiets" vond.',
    );
  });

  it('name the alert in every control of a card, after the text the control shows', () => {
    const { link } = ALERT_FEED_TEXTS;
    for (const [label, visible] of [
      [link.copyLabel, link.copy],
      [link.renewLabel, link.renew],
      [link.createLabel, link.create],
    ] as const) {
      expect(label('racefiets')).toContain('racefiets');
      // Speech users say what they see (WCAG 2.5.3).
      expect(label('racefiets').startsWith(visible)).toBe(true);
    }
  });
});
