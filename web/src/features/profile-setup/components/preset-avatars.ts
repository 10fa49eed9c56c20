/** The 12 preset avatars, drawn as SVG markup so one source serves the carousel and the PNG that is uploaded. */

type HairStyle = 'short' | 'spiky' | 'bun' | 'long' | 'bob' | 'curly' | 'cap' | 'turban' | 'side' | 'braid'
type Extra = 'glasses' | 'beard' | 'moustache' | 'bindi' | 'earrings'

type AvatarLook = { background: string; skin: string; hair: string; shirt: string; hairStyle: HairStyle; extras: Extra[] }

const LOOKS: AvatarLook[] = [
  { background: '#cfe8e3', skin: '#e0ac69', hair: '#2b1a10', shirt: '#0e6b5c', hairStyle: 'short', extras: [] },
  { background: '#fde2c8', skin: '#c68642', hair: '#1a1a1a', shirt: '#d1495b', hairStyle: 'long', extras: ['bindi', 'earrings'] },
  { background: '#dcd6f7', skin: '#8d5524', hair: '#111111', shirt: '#3d5a80', hairStyle: 'curly', extras: ['glasses'] },
  { background: '#ffe8a3', skin: '#f1c27d', hair: '#3b2314', shirt: '#5c4d7d', hairStyle: 'bun', extras: ['earrings'] },
  { background: '#d4ecf7', skin: '#a0653a', hair: '#1f1f1f', shirt: '#e07a5f', hairStyle: 'spiky', extras: ['beard'] },
  { background: '#f7d6e0', skin: '#e0ac69', hair: '#5a3825', shirt: '#2a9d8f', hairStyle: 'bob', extras: ['glasses'] },
  { background: '#e2f0cb', skin: '#c68642', hair: '#f4a261', shirt: '#264653', hairStyle: 'turban', extras: ['beard'] },
  { background: '#ffd6a5', skin: '#8d5524', hair: '#0d0d0d', shirt: '#6a994e', hairStyle: 'braid', extras: ['bindi'] },
  { background: '#caf0f8', skin: '#f1c27d', hair: '#7f5539', shirt: '#bc4749', hairStyle: 'cap', extras: ['moustache'] },
  { background: '#e9d8fd', skin: '#a0653a', hair: '#2d2d2d', shirt: '#ff9f1c', hairStyle: 'side', extras: ['glasses', 'moustache'] },
  { background: '#fef3c7', skin: '#d9a066', hair: '#9ca3af', shirt: '#1d3557', hairStyle: 'short', extras: ['glasses', 'beard'] },
  { background: '#fcd5ce', skin: '#6f4e37', hair: '#1b1b1b', shirt: '#8338ec', hairStyle: 'long', extras: ['earrings'] },
]

export const PRESET_AVATAR_COUNT = LOOKS.length

function hairBehind({ hairStyle, hair }: AvatarLook): string {
  switch (hairStyle) {
    case 'long':
      return `<path d="M33 56 C30 24 90 24 87 56 L92 100 L28 100 Z" fill="${hair}"/>`
    case 'bob':
      return `<path d="M32 58 C28 24 92 24 88 58 L90 80 L30 80 Z" fill="${hair}"/>`
    case 'braid':
      return `<path d="M34 56 C30 26 90 26 86 56 L84 66 L36 66 Z" fill="${hair}"/><circle cx="86" cy="76" r="6" fill="${hair}"/><circle cx="88" cy="88" r="5.5" fill="${hair}"/><circle cx="89" cy="99" r="5" fill="${hair}"/>`
    default:
      return ''
  }
}

function hairOnTop({ hairStyle, hair, shirt }: AvatarLook): string {
  switch (hairStyle) {
    case 'short':
      return `<path d="M35 52 C33 26 87 26 85 52 C80 40 68 35 60 37 C50 35 40 42 35 52 Z" fill="${hair}"/>`
    case 'spiky':
      return `<path d="M35 52 L34 36 L42 40 L44 27 L52 35 L58 24 L64 34 L72 26 L75 38 L85 35 L85 52 C78 42 42 42 35 52 Z" fill="${hair}"/>`
    case 'bun':
      return `<circle cx="60" cy="24" r="10" fill="${hair}"/><path d="M35 54 C32 26 88 26 85 54 C80 40 40 40 35 54 Z" fill="${hair}"/>`
    case 'long':
    case 'bob':
    case 'braid':
      return `<path d="M35 54 C34 28 86 28 85 54 C76 44 66 38 58 42 C50 46 42 48 35 54 Z" fill="${hair}"/>`
    case 'curly':
      return [32, 40, 48, 56, 64, 72, 80, 88]
        .map((x, index) => `<circle cx="${x}" cy="${index % 2 ? 34 : 40}" r="8" fill="${hair}"/>`)
        .join('')
    case 'cap':
      return `<path d="M35 48 C35 24 85 24 85 48 Z" fill="${shirt}"/><rect x="58" y="44" width="34" height="6" rx="3" fill="${shirt}"/><circle cx="60" cy="27" r="3" fill="#fff" opacity=".8"/>`
    case 'turban':
      return `<path d="M33 52 C30 20 90 20 87 52 C78 42 42 42 33 52 Z" fill="${hair}"/><path d="M38 40 C50 30 70 30 82 40" stroke="#fff" stroke-opacity=".35" stroke-width="3" fill="none"/><path d="M58 30 L66 40 L58 48 Z" fill="#fff" fill-opacity=".3"/>`
    case 'side':
      return `<path d="M35 54 C32 26 88 24 85 50 C72 44 56 36 48 30 C44 38 40 46 35 54 Z" fill="${hair}"/>`
  }
}

function extras({ extras: items, hair }: AvatarLook): string {
  return items
    .map((extra) => {
      switch (extra) {
        case 'glasses':
          return '<g fill="none" stroke="#1f2937" stroke-width="2.2"><circle cx="50" cy="58" r="7"/><circle cx="70" cy="58" r="7"/><path d="M57 58 H63"/></g>'
        case 'beard':
          return `<path d="M37 60 C38 84 50 90 60 90 C70 90 82 84 83 60 C78 74 70 76 60 76 C50 76 42 74 37 60 Z" fill="${hair}"/>`
        case 'moustache':
          return `<path d="M50 70 C55 66 58 67 60 69 C62 67 65 66 70 70 C64 71 60 71 60 71 C60 71 56 71 50 70 Z" fill="${hair}"/>`
        case 'bindi':
          return '<circle cx="60" cy="47" r="2" fill="#c1121f"/>'
        case 'earrings':
          return '<circle cx="36" cy="66" r="2.6" fill="#f4c430"/><circle cx="84" cy="66" r="2.6" fill="#f4c430"/>'
      }
    })
    .join('')
}

/** SVG markup of preset avatar `index` (0-based). */
export function presetAvatarSvg(index: number): string {
  const look = LOOKS[index % LOOKS.length]
  const mouth = look.extras.includes('beard')
    ? '<path d="M53 72 Q60 77 67 72" stroke="#fff" stroke-width="2.2" fill="none" stroke-linecap="round"/>'
    : '<path d="M52 69 Q60 76 68 69" stroke="#7a2e2e" stroke-width="2.4" fill="none" stroke-linecap="round"/>'
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120">',
    `<rect width="120" height="120" fill="${look.background}"/>`,
    hairBehind(look),
    `<path d="M18 120 C18 94 40 86 60 86 C80 86 102 94 102 120 Z" fill="${look.shirt}"/>`,
    `<rect x="52" y="72" width="16" height="16" rx="4" fill="${look.skin}"/>`,
    `<circle cx="36" cy="59" r="5" fill="${look.skin}"/><circle cx="84" cy="59" r="5" fill="${look.skin}"/>`,
    `<ellipse cx="60" cy="57" rx="24" ry="27" fill="${look.skin}"/>`,
    hairOnTop(look),
    '<circle cx="51" cy="58" r="2.6" fill="#1b1b1b"/><circle cx="69" cy="58" r="2.6" fill="#1b1b1b"/>',
    '<circle cx="45" cy="66" r="3.5" fill="#ff8a80" opacity=".35"/><circle cx="75" cy="66" r="3.5" fill="#ff8a80" opacity=".35"/>',
    mouth,
    extras(look),
    '</svg>',
  ].join('')
}
