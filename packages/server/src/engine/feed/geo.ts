/**
 * Distance alerts in the feed (README.md "Distance alerts"). The feed reads listings without a
 * postcode, so the site gives no distance — but every listing carries its latitude/longitude. What
 * the feed needs is where the site places the alert's postcode: learnt once per postcode from the
 * site itself, by asking one search with that postcode and reading the `distanceMeters` it reports
 * for listings whose coordinates it also reports (trilateration, least squares on the sphere).
 * The site's own figures are the ground truth, so no postcode table of our own can drift from it.
 */

/** Mean earth radius (IUGG), metres: the haversine's sphere. */
const EARTH_RADIUS_M = 6_371_000;
const RAD = Math.PI / 180;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export function haversineMeters(a: Coordinates, b: Coordinates): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLon = (b.longitude - a.longitude) * RAD;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A listing's place as a postcode search reports it: where it is, and how far from the postcode. */
export interface DistanceSample extends Coordinates {
  distanceMeters: number;
}

/** Where the site places a postcode, and how far its distances may differ from ours. */
export interface LocatedPlace extends Coordinates {
  /** Distances within this of the radius are left to the site (reconciliation). */
  toleranceMeters: number;
  /** Distinct listing places the fit used. */
  samples: number;
}

/** Distinct places needed: three fix a point on the sphere, a fourth checks it. */
export const MIN_PLACES = 4;
/** Never trust our distance closer to the circle's edge than this. */
export const MIN_TOLERANCE_M = 250;
/** A fit whose distances miss the site's by more than this (RMS) is no fit: the site measures differently. */
const MAX_RMS_M = 1_500;
/** A geometry this flat (all places on one line through the point) cannot tell the point. */
const MIN_SPREAD = 0.05;

/** Samples by distinct place: the site reports many ads at one postcode centroid. */
function distinctPlaces(samples: readonly DistanceSample[]): DistanceSample[] {
  const byPlace = new Map<string, { sample: DistanceSample; sum: number; count: number }>();
  for (const sample of samples) {
    if (!Number.isFinite(sample.latitude) || !Number.isFinite(sample.longitude)) continue;
    if (!Number.isFinite(sample.distanceMeters) || sample.distanceMeters < 0) continue;
    // 0/0 is how the API says "no place" (country-level ads).
    if (sample.latitude === 0 && sample.longitude === 0) continue;
    const key = `${sample.latitude.toFixed(6)},${sample.longitude.toFixed(6)}`;
    const known = byPlace.get(key);
    if (known) {
      known.sum += sample.distanceMeters;
      known.count += 1;
    } else byPlace.set(key, { sample, sum: sample.distanceMeters, count: 1 });
  }
  return [...byPlace.values()].map(({ sample, sum, count }) => ({
    latitude: sample.latitude,
    longitude: sample.longitude,
    distanceMeters: sum / count,
  }));
}

interface Fit extends Coordinates {
  rms: number;
  spread: number;
}

/** Gauss–Newton from `start`: moves the point until our distances agree best with the site's. */
function fitFrom(start: Coordinates, places: readonly DistanceSample[]): Fit {
  let at = { ...start };
  let spread = 0;
  for (let iteration = 0; iteration < 50; iteration++) {
    // Normal equations in metres east/north of the current point: each place pulls along the
    // unit vector towards it by its residual.
    let sxx = 0;
    let sxy = 0;
    let syy = 0;
    let bx = 0;
    let by = 0;
    const cosLat = Math.cos(at.latitude * RAD);
    for (const place of places) {
      const east = (place.longitude - at.longitude) * RAD * EARTH_RADIUS_M * cosLat;
      const north = (place.latitude - at.latitude) * RAD * EARTH_RADIUS_M;
      const length = Math.hypot(east, north);
      if (length < 1) continue;
      const ux = east / length;
      const uy = north / length;
      const residual = haversineMeters(at, place) - place.distanceMeters;
      sxx += ux * ux;
      sxy += ux * uy;
      syy += uy * uy;
      bx += ux * residual;
      by += uy * residual;
    }
    const det = sxx * syy - sxy * sxy;
    // Smallest eigenvalue per place: how well the places surround the point in every direction.
    const trace = sxx + syy;
    const smallest = trace / 2 - Math.sqrt(Math.max(0, (trace * trace) / 4 - det));
    spread = smallest / places.length;
    if (det <= 1e-9) break;
    const dEast = (syy * bx - sxy * by) / det;
    const dNorth = (sxx * by - sxy * bx) / det;
    at = {
      latitude: at.latitude + dNorth / (RAD * EARTH_RADIUS_M),
      longitude: at.longitude + dEast / (RAD * EARTH_RADIUS_M * cosLat),
    };
    if (Math.hypot(dEast, dNorth) < 0.01) break;
  }
  const squares = places.reduce(
    (sum, place) => sum + (haversineMeters(at, place) - place.distanceMeters) ** 2,
    0,
  );
  return { ...at, rms: Math.sqrt(squares / places.length), spread };
}

/**
 * The postcode's point from a postcode search's listings, or null when they cannot tell it: fewer
 * than MIN_PLACES distinct places, places on one line, or distances no single point explains.
 */
export function locateFromSamples(samples: readonly DistanceSample[]): LocatedPlace | null {
  const places = distinctPlaces(samples);
  if (places.length < MIN_PLACES) return null;
  // Start at the nearest few places (one of them is usually within a few km); keep the best fit.
  const starts = [...places].sort((a, b) => a.distanceMeters - b.distanceMeters).slice(0, 3);
  let best: Fit | null = null;
  for (const start of starts) {
    const fit = fitFrom(start, places);
    if (best === null || fit.rms < best.rms) best = fit;
  }
  if (!best || best.rms > MAX_RMS_M || best.spread < MIN_SPREAD) return null;
  return {
    latitude: best.latitude,
    longitude: best.longitude,
    toleranceMeters: Math.max(MIN_TOLERANCE_M, Math.ceil(3 * best.rms)),
    samples: places.length,
  };
}

export type CircleVerdict = 'inside' | 'outside' | 'edge';

/**
 * Whether a listing lies within `radiusMeters` of the located postcode. Near the edge (the place's
 * tolerance, plus 0.5 % of the radius for a site that measures on another sphere) and for a
 * listing without coordinates the feed does not decide: reconciliation asks the site.
 */
export function circleVerdict(
  place: LocatedPlace,
  radiusMeters: number,
  listing: Coordinates | null,
): CircleVerdict {
  if (listing === null) return 'edge';
  const distance = haversineMeters(place, listing);
  const margin = place.toleranceMeters + radiusMeters * 0.005;
  if (distance <= radiusMeters - margin) return 'inside';
  if (distance > radiusMeters + margin) return 'outside';
  return 'edge';
}
