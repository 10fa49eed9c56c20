import { useEffect, useState } from 'react'
import { placeNameAt, useUpdateCurrentLocation } from '../api/location'
import { Dialog } from '@/components/Dialog'
import { PinIcon } from '@/components/icons'
import { TextField } from '@/components/TextField'
import { toast } from '@/components/toast'
import { MESSAGES } from '@/generated/rules'
import { errorMessage } from '@/lib/api'
import { currentPosition, LocationError, type Coordinates } from '@/lib/location'
import type { StoredLocation } from '@/lib/storage'

type LocationDialogProps = {
  open: boolean
  current: StoredLocation | null
  onClose: () => void
  onSaved: (location: StoredLocation) => void
}

export function LocationDialog({ open, current, onClose, onSaved }: LocationDialogProps) {
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
      toast.error(failure instanceof LocationError ? failure.message : undefined)
    } finally {
      setFetching(false)
    }
  }

  const save = () => {
    if (!name.trim()) {
      setError(MESSAGES.LOCATION_INVALID)
      return
    }
    const saved: StoredLocation = {
      lat: coordinates?.lat ?? null,
      long: coordinates?.long ?? null,
      name: name.trim(),
      updated_at: Date.now(),
    }
    if (!coordinates) {
      onSaved(saved)
      onClose()
      return
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
    <Dialog open={open} title="Enter Your Location" onClose={onClose} testId="location-dialog">
      <TextField
        label="Location"
        placeholder="e.g. Koramangala, Bengaluru"
        value={name}
        onChange={(event) => {
          setName(event.target.value)
          setError(null)
        }}
        error={error}
        data-testid="location-name"
      />
      <button type="button" className="btn btn-secondary btn-block" onClick={() => void autoFetch()} disabled={fetching}>
        <PinIcon size={18} /> {fetching ? 'Fetching location…' : 'Auto Fetch Location'}
      </button>
      <div style={{ display: 'flex', gap: 12 }}>
        <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={save}
          disabled={updateLocation.isPending || fetching}
        >
          Save
        </button>
      </div>
    </Dialog>
  )
}
