import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react'
import { CropDialog } from './CropDialog'
import { ACCEPT_ATTRIBUTE, fileToBase64, isAcceptedImage, isHeic, loadImage, svgDataUrl, svgToPngBase64 } from './image'
import { PRESET_AVATAR_COUNT, presetAvatarSvg } from './preset-avatars'
import styles from './AvatarPicker.module.css'
import { CameraIcon } from '@/components/icons'
import { toast } from '@/components/toast'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/profileSetup'

export type AvatarChoice =
  | { kind: 'preset'; index: number }
  /** previewUrl is null for a HEIC photo this browser cannot show; the server converts it. */
  | { kind: 'upload'; base64: string; previewUrl: string | null }

/** The base64 the server receives for a choice: a preset becomes a PNG, a photo is already encoded. */
export async function avatarChoiceToBase64(choice: AvatarChoice): Promise<string> {
  return choice.kind === 'preset' ? svgToPngBase64(presetAvatarSvg(choice.index)) : choice.base64
}

type AvatarPickerProps = {
  value: AvatarChoice | null
  /** null keeps the current picture */
  onChange: (choice: AvatarChoice | null) => void
  currentImageUrl?: string | null
}

export function AvatarPicker({ value, onChange, currentImageUrl }: AvatarPickerProps) {
  const t = useT()
  const name = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [cropping, setCropping] = useState<{ image: HTMLImageElement; objectUrl: string } | null>(null)
  const presets = useMemo(
    () => Array.from({ length: PRESET_AVATAR_COUNT }, (_, index) => svgDataUrl(presetAvatarSvg(index))),
    [],
  )
  const upload = value?.kind === 'upload' ? value : null

  const closeCrop = () => {
    if (cropping) URL.revokeObjectURL(cropping.objectUrl)
    setCropping(null)
  }

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (!isAcceptedImage(file)) {
      toast.error(t('profileSetup.imageInvalid'))
      return
    }
    const objectUrl = URL.createObjectURL(file)
    try {
      setCropping({ image: await loadImage(objectUrl), objectUrl })
    } catch {
      URL.revokeObjectURL(objectUrl)
      if (isHeic(file)) {
        // This browser cannot decode HEIC: the photo goes as it is and the server converts it to JPEG.
        onChange({ kind: 'upload', base64: await fileToBase64(file), previewUrl: null })
      } else {
        toast.error(t('profileSetup.imageInvalid'))
      }
    }
  }

  return (
    <fieldset className={styles.picker}>
      <legend className="field-label">
        {t('profileSetup.picture')} <span className="field-optional">{t('profileSetup.pictureHint')}</span>
      </legend>
      <div className={styles.track}>
        <div className={styles.slide}>
          <button
            type="button"
            className={styles.uploadTile}
            onClick={() => fileInput.current?.click()}
            data-testid="avatar-upload"
          >
            <CameraIcon />
            <span>{t('profileSetup.upload')}</span>
          </button>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT_ATTRIBUTE}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => void onFile(event)}
            data-testid="avatar-file"
          />
        </div>
        {upload && (
          <label className={styles.slide}>
            <input type="radio" name={name} className="visually-hidden" checked onChange={() => undefined} />
            <span className={styles.choice} data-selected="">
              {upload.previewUrl ? (
                <img src={upload.previewUrl} alt={t('profileSetup.yourPhoto')} />
              ) : (
                <span className={styles.photoPlaceholder}>{t('profileSetup.yourPhoto')}</span>
              )}
            </span>
          </label>
        )}
        {!upload && currentImageUrl && (
          <label className={styles.slide}>
            <input
              type="radio"
              name={name}
              className="visually-hidden"
              checked={value === null}
              onChange={() => onChange(null)}
            />
            <span className={styles.choice} data-selected={value === null ? '' : undefined}>
              <img src={currentImageUrl} alt={t('profileSetup.currentPicture')} />
            </span>
          </label>
        )}
        {presets.map((src, index) => {
          const selected = value?.kind === 'preset' && value.index === index
          return (
            <label className={styles.slide} key={src}>
              <input
                type="radio"
                name={name}
                className="visually-hidden"
                checked={selected}
                onChange={() => onChange({ kind: 'preset', index })}
                data-testid={`avatar-preset-${index}`}
              />
              <span className={styles.choice} data-selected={selected ? '' : undefined}>
                <img src={src} alt={t('profileSetup.avatar', { index: index + 1 })} />
              </span>
            </label>
          )
        })}
      </div>
      <CropDialog
        image={cropping?.image ?? null}
        onCancel={closeCrop}
        onDone={(result) => {
          closeCrop()
          onChange({ kind: 'upload', ...result })
        }}
      />
    </fieldset>
  )
}
