/**
 * An SPEC event/map location as printed: its address lines and a link to a public map (a plain
 * link, no third-party script or embed).
 */
export type Location = {
  addressTitle?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  addressCountry?: string | null;
  mapLat?: number | null;
  mapLng?: number | null;
  mapZoom?: number | null;
};

export type LocationView = {
  /** Non-empty address parts in order: title, line 1, line 2, country. */
  lines: string[];
  /** One line, parts joined by commas (as the public-calendar link joins them). */
  text: string;
  /** OpenStreetMap at the pin, or a search for the address; '' when there is neither. */
  mapUrl: string;
};

export function locationView(location: Location | null | undefined, zoom = 15): LocationView | null {
  if (!location) return null;
  const lines = [location.addressTitle, location.addressLine1, location.addressLine2, location.addressCountry]
    .map((l) => (typeof l === 'string' ? l.trim() : ''))
    .filter((l) => l !== '');
  const lat = location.mapLat;
  const lng = location.mapLng;
  const hasPin = typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) && !(lat === 0 && lng === 0);
  const z = Math.round(location.mapZoom ?? zoom);
  const text = lines.join(', ');
  const mapUrl = hasPin
    ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${z}/${lat}/${lng}`
    : text
      ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(text)}`
      : '';
  if (lines.length === 0 && !mapUrl) return null;
  return { lines, text, mapUrl };
}
