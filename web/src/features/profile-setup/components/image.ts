/** Image helpers for the avatar: everything leaves as base64 without the data: prefix. */

export const ACCEPTED_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'heic', 'heif'] as const
export const ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_EXTENSIONS.map((extension) => `.${extension}`).join(',')

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? ''

export function isAcceptedImage(file: File): boolean {
  return (ACCEPTED_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))
}

export function isHeic(file: File): boolean {
  return ['heic', 'heif'].includes(extensionOf(file.name)) || /image\/hei[cf]/.test(file.type)
}

export const stripDataUrl = (dataUrl: string): string => dataUrl.slice(dataUrl.indexOf(',') + 1)

export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(stripDataUrl(String(reader.result)))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('The image could not be read'))
    image.decoding = 'async'
    image.src = src
  })
}

export const svgDataUrl = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`

/** Renders SVG markup to a square PNG (a preset avatar as the server receives it). */
export async function svgToPngBase64(svg: string, size = 256): Promise<string> {
  const image = await loadImage(svgDataUrl(svg))
  const canvas = document.createElement('canvas')
  canvas.width = size
  canvas.height = size
  const context = canvas.getContext('2d')
  if (!context) throw new Error('Canvas is not available')
  context.drawImage(image, 0, 0, size, size)
  return stripDataUrl(canvas.toDataURL('image/png'))
}

export type CropState = {
  /** quarter turns clockwise, 0..3 */
  quarterTurns: number
  /** 1 = the image just covers the square */
  zoom: number
  /** pan as a fraction of the square's side */
  offsetX: number
  offsetY: number
}

export const INITIAL_CROP: CropState = { quarterTurns: 0, zoom: 1, offsetX: 0, offsetY: 0 }

function coverScale(image: { width: number; height: number }, quarterTurns: number, side: number) {
  const turned = quarterTurns % 2 === 1
  const width = turned ? image.height : image.width
  const height = turned ? image.width : image.height
  return { scale: side / Math.min(width, height), width, height }
}

/** Keeps the pan within bounds so the image always covers the whole square. */
export function clampCrop(image: { width: number; height: number }, crop: CropState): CropState {
  const { scale, width, height } = coverScale(image, crop.quarterTurns, 1)
  const maxX = Math.max(0, (width * scale * crop.zoom - 1) / 2)
  const maxY = Math.max(0, (height * scale * crop.zoom - 1) / 2)
  return {
    ...crop,
    offsetX: Math.min(maxX, Math.max(-maxX, crop.offsetX)),
    offsetY: Math.min(maxY, Math.max(-maxY, crop.offsetY)),
  }
}

/** Draws the cropped, rotated image into a square canvas of `side` pixels. */
export function drawCrop(canvas: HTMLCanvasElement, image: HTMLImageElement | ImageBitmap, crop: CropState, side: number) {
  canvas.width = side
  canvas.height = side
  const context = canvas.getContext('2d')
  if (!context) return
  const { scale } = coverScale(image, crop.quarterTurns, side)
  context.fillStyle = '#fff'
  context.fillRect(0, 0, side, side)
  context.save()
  context.translate(side / 2 + crop.offsetX * side, side / 2 + crop.offsetY * side)
  context.rotate((crop.quarterTurns * Math.PI) / 2)
  context.scale(scale * crop.zoom, scale * crop.zoom)
  context.drawImage(image, -image.width / 2, -image.height / 2)
  context.restore()
}

export const JPEG_QUALITY = 0.8
export const OUTPUT_SIDE = 512
