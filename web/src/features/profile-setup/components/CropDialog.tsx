import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import {
  clampCrop,
  drawCrop,
  INITIAL_CROP,
  JPEG_QUALITY,
  OUTPUT_SIDE,
  stripDataUrl,
  type CropState,
} from './image'
import styles from './CropDialog.module.css'
import { Dialog } from '@/components/Dialog'
import { RotateIcon } from '@/components/icons'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/profileSetup'

type CropDialogProps = {
  image: HTMLImageElement | null
  onCancel: () => void
  onDone: (result: { base64: string; previewUrl: string }) => void
}

const PREVIEW_SIDE = 560
const KEY_STEP = 0.03

/** Square crop with zoom, drag (or arrow keys) to move, and rotation in 90° steps; the result is a JPEG. */
export function CropDialog({ image, onCancel, onDone }: CropDialogProps) {
  const t = useT()
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [crop, setCrop] = useState<CropState>(INITIAL_CROP)
  const drag = useRef<{ x: number; y: number; crop: CropState } | null>(null)

  useEffect(() => setCrop(INITIAL_CROP), [image])

  useEffect(() => {
    if (image && canvasRef.current) drawCrop(canvasRef.current, image, crop, PREVIEW_SIDE)
  }, [image, crop])

  if (!image) return null

  const update = (next: CropState) => setCrop(clampCrop(image, next))

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { x: event.clientX, y: event.clientY, crop }
  }
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return
    const side = event.currentTarget.getBoundingClientRect().width || 1
    update({
      ...drag.current.crop,
      offsetX: drag.current.crop.offsetX + (event.clientX - drag.current.x) / side,
      offsetY: drag.current.crop.offsetY + (event.clientY - drag.current.y) / side,
    })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    update({ ...crop, offsetX: crop.offsetX + move[0], offsetY: crop.offsetY + move[1] })
  }

  const apply = () => {
    const output = document.createElement('canvas')
    drawCrop(output, image, crop, OUTPUT_SIDE)
    const dataUrl = output.toDataURL('image/jpeg', JPEG_QUALITY)
    onDone({ base64: stripDataUrl(dataUrl), previewUrl: dataUrl })
  }

  return (
    <Dialog open title={t('profileSetup.cropTitle')} onClose={onCancel} testId="crop-dialog">
      <canvas
        ref={canvasRef}
        className={styles.canvas}
        tabIndex={0}
        role="img"
        aria-label={t('profileSetup.cropPreview')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
      />
      <div className={styles.controls}>
        <label className={styles.zoom}>
          <span>{t('profileSetup.zoom')}</span>
          <input
            type="range"
            min={1}
            max={3}
            step={0.05}
            value={crop.zoom}
            onChange={(event) => update({ ...crop, zoom: Number(event.target.value) })}
          />
        </label>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => update({ ...crop, quarterTurns: (crop.quarterTurns + 1) % 4 })}
        >
          <RotateIcon size={18} /> {t('profileSetup.rotate')}
        </button>
      </div>
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary btn-block" onClick={onCancel}>
          {t('profileSetup.cancel')}
        </button>
        <button type="button" className="btn btn-primary btn-block" onClick={apply} data-testid="crop-apply">
          {t('profileSetup.usePhoto')}
        </button>
      </div>
    </Dialog>
  )
}
