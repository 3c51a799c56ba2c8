/**
 * Where the marketplaces place a postcode (packages/server/src/engine/feed/README.md
 * "Distance alerts"): learnt once per platform and postcode from the site's own distances
 * (engine/feed/geo.ts), so the feed can decide postcode + distance alerts from a listing's
 * coordinates. A postcode the site's answer could not place keeps its row with `locatedAt` null and
 * the moment of its next attempt. Readers follow `updatedAt`.
 */
import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, string } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('postcode_places', {
    /** `<platform>:<postcode without spaces>`. */
    key: { type: DataTypes.STRING(32), primaryKey: true, allowNull: false },
    platform: string(16, false),
    postcode: string(16, false),
    latitude: { type: DataTypes.DOUBLE, allowNull: true },
    longitude: { type: DataTypes.DOUBLE, allowNull: true },
    /** Metres around the circle's edge the feed leaves to the site. */
    toleranceMeters: { type: DataTypes.INTEGER, allowNull: true },
    /** Distinct listing places the fit used. */
    samples: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    locatedAt: dateTime(),
    nextAttemptAt: dateTime(),
    updatedAt: dateTime(false),
  });
  await queryInterface.addIndex('postcode_places', ['updatedAt'], {
    name: 'postcode_places_updated_at',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('postcode_places');
};
