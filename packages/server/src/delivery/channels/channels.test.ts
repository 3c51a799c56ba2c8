/**
 * One channel seam: core's channel table is the only list of channels. Every row has its module
 * here, the Delivery model accepts exactly the table's ids, and no source file of core, the
 * server, the web app or the desktop app spells out a list of channel ids of its own (an array or
 * a union type naming two or more of them) — a second list would drift from the table.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHANNELS, DELIVERY_CHANNELS } from '@prijsalarm/core';
import { Sequelize } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { Delivery } from '../../models/Delivery';
import { CHANNEL_MODULES } from '.';

const PACKAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TABLE = path.join(PACKAGES, 'core/src/channels/channels.ts');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * Arrays of strings and union types of strings in `text` that name two or more channel ids and
 * are mostly channel ids: a list of other things that shares a name or two with the channels
 * (the plan features 'telegram' and 'push') is no channel list.
 */
function channelLists(text: string, ids: readonly string[]): string[] {
  const literal = `'[^'\\n]*'`;
  const patterns = [
    // ['email', 'telegram', …]
    new RegExp(`\\[\\s*${literal}(?:\\s*,\\s*${literal})+\\s*,?\\s*\\]`, 'g'),
    // 'email' | 'telegram'
    new RegExp(`${literal}(?:\\s*\\|\\s*${literal})+`, 'g'),
  ];
  const items = (list: string) => list.match(new RegExp(literal, 'g')) ?? [];
  const named = (list: string) => items(list).filter((item) => ids.includes(item.slice(1, -1)));
  return patterns
    .flatMap((pattern) => text.match(pattern) ?? [])
    .filter((list) => named(list).length >= 2 && named(list).length * 2 > items(list).length);
}

describe('the channel seam', () => {
  it('has one module per row of the channel table, under its id', () => {
    expect(Object.keys(CHANNEL_MODULES)).toEqual([...DELIVERY_CHANNELS]);
    for (const row of CHANNELS) {
      const module = CHANNEL_MODULES[row.id];
      expect(module.id).toBe(row.id);
      // A digest channel sends its digest; the others send held rows one by one.
      if (row.digest) expect('sendDigest' in module && module.sendDigest, row.id).toBeTruthy();
    }
  });

  it('stores exactly the table’s channel ids in a delivery row', async () => {
    const sequelize = new Sequelize('sqlite::memory:', { logging: false });
    try {
      const model = Delivery.initModel(sequelize);
      const allowed = model.getAttributes().channel.validate?.isIn as unknown as string[][];
      expect(allowed[0]).toEqual([...DELIVERY_CHANNELS]);
      const row = model.build({ notificationId: crypto.randomUUID(), channel: 'sms' as never });
      await expect(row.validate()).rejects.toThrow();
    } finally {
      await sequelize.close();
    }
  });

  it('finds a list of channel ids where one is written out', () => {
    const ids = DELIVERY_CHANNELS;
    expect(
      channelLists(`const order = ['email', 'telegram', 'live', 'webhook'];`, ids),
    ).toHaveLength(1);
    expect(channelLists(`type Switchable = 'email' | 'telegram';`, ids)).toHaveLength(1);
    expect(channelLists(`type Old = 'email' | 'telegram' | 'push';`, ids)).toHaveLength(1);
    expect(channelLists(`if (channel === 'email' || channel === 'live') return;`, ids)).toEqual([]);
    expect(channelLists(`const kinds = ['email', 'sms'];`, ids)).toEqual([]);
    expect(
      channelLists(`const features = ['minPrice', 'imageFilter', 'telegram', 'push'];`, ids),
    ).toEqual([]);
  });

  it('leaves no other list of channel ids in core, the server, the web app or the desktop app', () => {
    const files = ['core', 'server', 'web', 'desktop'].flatMap((name) =>
      sources(path.join(PACKAGES, name, 'src')),
    );
    const lists = files
      .filter((file) => file !== TABLE)
      .flatMap((file) =>
        channelLists(readFileSync(file, 'utf8'), DELIVERY_CHANNELS).map(
          (list) => `${path.relative(PACKAGES, file)}: ${list}`,
        ),
      );
    expect(lists).toEqual([]);
  });
});
