import L from 'leaflet'
import type { Translate } from '@/i18n'
import '@/i18n/catalogs/en/trips'

const LEAFLET_SITE = 'https://leafletjs.com'
const OSM_COPYRIGHT = 'https://www.openstreetmap.org/copyright'

/** Text for Leaflet's controls, which write their content as HTML. */
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/** trips.mapCredit as HTML, its <link> span a link to OpenStreetMap's copyright page. */
export function mapCreditHtml(t: Translate): string {
  return t('trips.mapCredit')
    .split(/<link>(.*?)<\/link>/)
    .map((part, index) =>
      index % 2 === 1
        ? `<a href="${OSM_COPYRIGHT}" target="_blank" rel="noreferrer">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join('')
}

/**
 * The zoom buttons and the credit line of an interactive map, in the language (Leaflet's own words are English:
 * "Zoom in", "A JavaScript library for interactive maps", and the tiles' credit). For a map made with
 * `zoomControl: false`; returns what takes them off again, so a new language can put its own.
 */
export function addMapControls(map: L.Map, t: Translate): () => void {
  const zoom = L.control.zoom({ zoomInTitle: t('trips.mapZoomIn'), zoomOutTitle: t('trips.mapZoomOut') }).addTo(map)
  const attribution = map.attributionControl
  const credit = mapCreditHtml(t)
  attribution.setPrefix(
    `<a href="${LEAFLET_SITE}" title="${escapeHtml(t('trips.mapLibraryTitle'))}" target="_blank" rel="noreferrer">${escapeHtml(t('trips.mapLibrary'))}</a>`,
  )
  attribution.addAttribution(credit)
  return () => {
    zoom.remove()
    attribution.removeAttribution(credit)
  }
}
