// Draws the app icons (a white "H" joined by a road on the brand teal) as PNG files, without any image library.
import { mkdirSync, writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const TEAL = [14, 107, 92]
const AMBER = [255, 183, 3]
const WHITE = [255, 255, 255]

function crc32(bytes) {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const inRect = (x, y, left, top, right, bottom) => x >= left && x <= right && y >= top && y <= bottom

function inRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 1 - radius)
  const cy = Math.min(Math.max(y, radius), 1 - radius)
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2
}

/** Colour at a point of the unit square, or null where the icon is transparent. */
function colourAt(x, y, { maskable }) {
  if (!maskable && !inRoundedSquare(x, y, 0.22)) return null
  // The glyph lives in the maskable safe zone (the central 80 %) for both variants.
  const scale = maskable ? 0.62 : 0.78
  const gx = (x - 0.5) / scale + 0.5
  const gy = (y - 0.5) / scale + 0.5
  const leftPost = inRect(gx, gy, 0.2, 0.18, 0.34, 0.82)
  const rightPost = inRect(gx, gy, 0.66, 0.18, 0.8, 0.82)
  const road = inRect(gx, gy, 0.34, 0.44, 0.66, 0.56)
  const roadDash = inRect(gx, gy, 0.39, 0.485, 0.46, 0.515) || inRect(gx, gy, 0.54, 0.485, 0.61, 0.515)
  const traveller = (gx - 0.5) ** 2 + (gy - 0.27) ** 2 <= 0.075 ** 2
  if (roadDash) return TEAL
  if (leftPost || rightPost || road) return WHITE
  if (traveller) return AMBER
  return TEAL
}

function drawIcon(size, options) {
  const samples = 4
  const rgba = Buffer.alloc(size * size * 4)
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = colourAt((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size, options)
          if (!colour) continue
          r += colour[0]; g += colour[1]; b += colour[2]; a += 1
        }
      }
      const offset = (py * size + px) * 4
      if (a > 0) {
        rgba[offset] = Math.round(r / a)
        rgba[offset + 1] = Math.round(g / a)
        rgba[offset + 2] = Math.round(b / a)
      }
      rgba[offset + 3] = Math.round((a / samples ** 2) * 255)
    }
  }
  return encodePng(size, rgba)
}

const outDir = new URL('../public/icons/', import.meta.url)
mkdirSync(outDir, { recursive: true })
writeFileSync(new URL('icon-192.png', outDir), drawIcon(192, { maskable: false }))
writeFileSync(new URL('icon-512.png', outDir), drawIcon(512, { maskable: false }))
writeFileSync(new URL('maskable-512.png', outDir), drawIcon(512, { maskable: true }))
writeFileSync(new URL('apple-touch-icon.png', outDir), drawIcon(180, { maskable: true }))
console.log('icons written to public/icons')
