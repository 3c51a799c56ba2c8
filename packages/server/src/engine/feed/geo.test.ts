import { describe, expect, it } from 'vitest';
import {
  MIN_TOLERANCE_M,
  circleVerdict,
  haversineMeters,
  locateFromSamples,
  type Coordinates,
  type DistanceSample,
} from './geo';

// Listing places as the sites report them (city centroids), and where a postcode lies.
const CITIES: Record<string, Coordinates> = {
  amsterdam: { latitude: 52.3676, longitude: 4.9041 },
  utrecht: { latitude: 52.0907, longitude: 5.1214 },
  rotterdam: { latitude: 51.9244, longitude: 4.4777 },
  eindhoven: { latitude: 51.4416, longitude: 5.4697 },
  zwolle: { latitude: 52.5168, longitude: 6.083 },
  groningen: { latitude: 53.2194, longitude: 6.5665 },
  breda: { latitude: 51.5719, longitude: 4.7683 },
};
const houten: Coordinates = { latitude: 52.0286, longitude: 5.1688 };

/** What a postcode search reports: each listing's place and its distance from `origin`. */
function answer(origin: Coordinates, round: (metres: number) => number = Math.round) {
  return Object.values(CITIES).map((place): DistanceSample => ({
    ...place,
    distanceMeters: round(haversineMeters(origin, place)),
  }));
}

describe('locating a postcode from the distances the site reports', () => {
  it('finds the point the distances were measured from, to a metre', () => {
    const place = locateFromSamples(answer(houten));
    expect(place).not.toBeNull();
    expect(haversineMeters(place!, houten)).toBeLessThan(1);
    expect(place!.samples).toBe(7);
    expect(place!.toleranceMeters).toBe(MIN_TOLERANCE_M);
  });

  it('finds it when the site rounds its distances to whole kilometres, with a wider tolerance', () => {
    const place = locateFromSamples(answer(houten, (m) => Math.round(m / 1000) * 1000))!;
    expect(haversineMeters(place, houten)).toBeLessThan(500);
    expect(place.toleranceMeters).toBeGreaterThanOrEqual(MIN_TOLERANCE_M);
  });

  it('counts many ads at one place once, and skips unknown distances and country-level ads', () => {
    const samples = [
      ...answer(houten),
      ...answer(houten).slice(0, 3),
      { latitude: 0, longitude: 0, distanceMeters: 12_000 },
      { ...CITIES.amsterdam!, distanceMeters: -1000 },
    ];
    const place = locateFromSamples(samples)!;
    expect(place.samples).toBe(7);
    expect(haversineMeters(place, houten)).toBeLessThan(1);
  });

  it('cannot tell the point from too few places, or from places on one line through it', () => {
    expect(locateFromSamples(answer(houten).slice(0, 3))).toBeNull();
    // Four places on the meridian through the point: its mirror image fits as well.
    const meridian = [51.5, 51.8, 52.3, 52.6].map((latitude) => ({
      latitude,
      longitude: houten.longitude,
    }));
    const samples = meridian.map((place) => ({
      ...place,
      distanceMeters: haversineMeters(houten, place),
    }));
    expect(locateFromSamples(samples)).toBeNull();
  });

  it('refuses distances no single point explains', () => {
    const samples = answer(houten).map((sample, i) => ({
      ...sample,
      distanceMeters: sample.distanceMeters + (i % 2 === 0 ? 8_000 : -8_000),
    }));
    expect(locateFromSamples(samples)).toBeNull();
  });
});

describe('inside the circle', () => {
  const place = { ...CITIES.utrecht!, toleranceMeters: 250, samples: 7 };
  const north = (metres: number): Coordinates => ({
    latitude: place.latitude + metres / 111_195,
    longitude: place.longitude,
  });

  it('decides clearly inside and clearly outside; the edge and no coordinates are the site’s', () => {
    expect(circleVerdict(place, 10_000, north(9_000))).toBe('inside');
    expect(circleVerdict(place, 10_000, north(11_000))).toBe('outside');
    expect(circleVerdict(place, 10_000, north(9_900))).toBe('edge');
    expect(circleVerdict(place, 10_000, north(10_200))).toBe('edge');
    expect(circleVerdict(place, 10_000, null)).toBe('edge');
    expect(circleVerdict(place, 10_000, CITIES.amsterdam!)).toBe('outside');
  });
});
