/**
 * The double's own listing pictures (`startMarketplaceDouble({ serveImages: true })`, the demo):
 * the real image hosts cannot be reached offline, so the double answers the same picture paths on
 * its own origin with a small SVG — a product silhouette on a colour of the picture's id. Not a
 * real photo, and not meant to look like one: something to see where a photo goes.
 */

/** The paths of the real image hosts (organic and Admarkt), served on the double's origin. */
export const PICTURE_PATH =
  /^\/api\/v1\/(listing-mp-p|icas-mp-pro-admarkt)\/images\/[^/]+\/[^/?]+$/;

function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** The SVG of one picture id: the same id always gives the same picture. */
export function pictureSvg(id: string): string {
  const hue = hashOf(id) % 360;
  const background = `hsl(${hue} 45% 88%)`;
  const shape = `hsl(${hue} 35% 42%)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360" role="img" aria-label="Foto"><rect width="480" height="360" fill="${background}"/><rect x="150" y="95" width="180" height="140" rx="14" fill="${shape}"/><circle cx="240" cy="165" r="42" fill="${background}"/><circle cx="240" cy="165" r="26" fill="${shape}"/><rect x="185" y="80" width="50" height="24" rx="6" fill="${shape}"/><rect x="110" y="262" width="260" height="14" rx="7" fill="${shape}" opacity="0.35"/></svg>`;
}
