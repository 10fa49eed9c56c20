import { renderHook, waitFor } from '@testing-library/react'
import L from 'leaflet'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { addMapControls, mapCreditHtml } from './mapControls'
import { I18nProvider, useI18n, type Locale, type Translate } from '@/i18n'

async function translator(locale: Locale): Promise<Translate> {
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider locale={locale}>{children}</I18nProvider>
  const { result } = renderHook(() => useI18n(), { wrapper })
  await waitFor(() => expect(result.current.locale).toBe(locale))
  return result.current.t
}

let maps: L.Map[] = []
function newMap(): L.Map {
  const container = document.createElement('div')
  document.body.append(container)
  const map = L.map(container, { zoomControl: false }).setView([12.97, 77.59], 13)
  maps.push(map)
  return map
}

afterEach(() => {
  maps.forEach((map) => map.remove())
  maps = []
  document.body.innerHTML = ''
})

const zoomButtons = (map: L.Map) => [...map.getContainer().querySelectorAll('.leaflet-control-zoom a')]
const attribution = (map: L.Map) => map.getContainer().querySelector('.leaflet-control-attribution') as HTMLElement

describe('addMapControls', () => {
  it("names the zoom buttons and credits the map in the language, none of Leaflet's English left", async () => {
    const t = await translator('kn')
    const map = newMap()
    addMapControls(map, t)
    expect(zoomButtons(map).map((button) => [button.getAttribute('aria-label'), button.getAttribute('title')])).toEqual([
      ['ಜೂಮ್ ಇನ್ ಮಾಡಿ', 'ಜೂಮ್ ಇನ್ ಮಾಡಿ'],
      ['ಜೂಮ್ ಔಟ್ ಮಾಡಿ', 'ಜೂಮ್ ಔಟ್ ಮಾಡಿ'],
    ])
    const credit = attribution(map)
    expect(credit).toHaveTextContent('ಲೀಫ್‌ಲೆಟ್ | © OpenStreetMap ಕೊಡುಗೆದಾರರು')
    const [library, osm] = credit.querySelectorAll('a')
    expect(library).toHaveAttribute('title', 'ಇಂಟರಾಕ್ಟಿವ್ ನಕ್ಷೆಗಳ ಜಾವಾಸ್ಕ್ರಿಪ್ಟ್ ಲೈಬ್ರರಿ')
    expect(library).toHaveAttribute('href', 'https://leafletjs.com')
    expect(osm).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright')
    expect(map.getContainer().innerHTML).not.toMatch(/Zoom|JavaScript|contributors/)
  })

  it('takes its words off again, so another language can put its own', async () => {
    const hindi = await translator('hi')
    const english = await translator('en')
    const map = newMap()
    addMapControls(map, english)()
    addMapControls(map, hindi)
    expect(zoomButtons(map).map((button) => button.getAttribute('title'))).toEqual(['ज़ूम इन करें', 'ज़ूम आउट करें'])
    expect(attribution(map)).toHaveTextContent('लीफ़लेट | © OpenStreetMap योगदानकर्ता')
    expect(attribution(map)).not.toHaveTextContent('contributors')
  })
})

describe('mapCreditHtml', () => {
  it("links the catalog's <link> span and writes the rest as text", async () => {
    const t = await translator('en')
    expect(mapCreditHtml(t)).toBe(
      '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">OpenStreetMap</a> contributors',
    )
    const spiked = ((key: string) => (key === 'trips.mapCredit' ? '<b>x</b> & <link>"y"</link>' : key)) as Translate
    expect(mapCreditHtml(spiked)).toBe(
      '&#60;b&#62;x&#60;/b&#62; &#38; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">&#34;y&#34;</a>',
    )
  })
})
