import { useEffect, useState } from 'react'
import { placeNameAt, useUpdateCurrentLocation } from '../api/location'
import { PlaceSearchField } from './PlaceSearchField'
import { Dialog } from '@/components/Dialog'
import { PinIcon } from '@/components/icons'
import { toast } from '@/components/toast'
import { useI18n } from '@/i18n'
import { errorMessage } from '@/lib/api'
import { currentPosition, LocationError, locationErrorText, type Coordinates } from '@/lib/location'
import { placeCoordinates, type Suggestion } from '@/lib/maps'
import type { StoredLocation } from '@/lib/storage'
import '@/i18n/catalogs/en/place'

type LocationDialogProps = {
  open: boolean
  current: StoredLocation | null
  onClose: () => void
  onSaved: (location: StoredLocation) => void
}

/**
 * Where the person says they are: a place picked from the suggestions, or the device's reading. The name and the
 * coordinates always come together, so the header and Trips Around You speak of the same place; text typed but not
 * picked has no coordinates and is not saved.
 */
export function LocationDialog({ open, current, onClose, onSaved }: LocationDialogProps) {
  const { t } = useI18n()
  const [name, setName] = useState('')
  const [coordinates, setCoordinates] = useState<Coordinates | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [fetching, setFetching] = useState(false)
  const updateLocation = useUpdateCurrentLocation()

  useEffect(() => {
    if (!open) return
    setName(current?.name ?? '')
    setCoordinates(current?.lat != null && current.long != null ? { lat: current.lat, long: current.long } : null)
    setError(null)
  }, [open, current])

  const autoFetch = async () => {
    setFetching(true)
    setError(null)
    try {
      const position = await currentPosition()
      setCoordinates(position)
      const placeName = await placeNameAt(position)
      if (placeName) setName(placeName)
    } catch (failure) {
      toast.error(failure instanceof LocationError ? locationErrorText(failure, t) : undefined)
    } finally {
      setFetching(false)
    }
  }

  const pickPlace = async (suggestion: Suggestion) => {
    setName(suggestion.label)
    setError(null)
    setFetching(true)
    try {
      setCoordinates(await placeCoordinates(suggestion.place_id))
    } catch (failure) {
      toast.error(errorMessage(failure))
    } finally {
      setFetching(false)
    }
  }

  const save = () => {
    if (!name.trim() || !coordinates) {
      setError(t('place.locationInvalid'))
      return
    }
    const saved: StoredLocation = {
      lat: coordinates.lat,
      long: coordinates.long,
      name: name.trim(),
      updated_at: Date.now(),
    }
    updateLocation.mutate(coordinates, {
      onSuccess: ({ message }) => {
        toast.success(message)
        onSaved(saved)
        onClose()
      },
      onError: (failure) => toast.error(errorMessage(failure)),
    })
  }

  return (
    <Dialog open={open} title={t('place.locationTitle')} onClose={onClose} testId="location-dialog">
      <PlaceSearchField
        label={t('place.location')}
        value={name}
        error={error}
        onType={(text) => {
          // Typed text names no place yet: the coordinates of the last one are dropped until a suggestion is picked.
          setName(text)
          setCoordinates(null)
          setError(null)
        }}
        onPick={(suggestion) => void pickPlace(suggestion)}
        testId="location-name"
      />
      <button type="button" className="btn btn-secondary btn-block" onClick={() => void autoFetch()} disabled={fetching}>
        <PinIcon size={18} /> {fetching ? t('place.fetchingLocation') : t('place.autoFetch')}
      </button>
      <div style={{ display: 'flex', gap: 12 }}>
        <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
          {t('place.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={save}
          disabled={updateLocation.isPending || fetching}
        >
          {t('place.save')}
        </button>
      </div>
    </Dialog>
  )
}
