/** Which person's profile sheet is open, over whatever screen the person is on (SPEC §2: "tapping an avatar opens a
 * profile bottom sheet"). Any screen opens it; the app shell draws it. */

/** A decision the screen behind offers right in the sheet (a host's Accept / Decline of a request). It resolves once
 * done, which closes the sheet; a rejection (already told to the person by the screen) leaves it open. */
export type PersonAction = {
  label: string
  /** The control's accessible name when the label alone is ambiguous ("Accept Asha"). */
  name?: string
  kind: 'primary' | 'secondary'
  disabled?: boolean
  /** Why the action is disabled, shown under the actions. */
  hint?: string
  run: () => Promise<unknown>
}

export type OpenPerson = { id: number; name: string | null; actions?: readonly PersonAction[] }

type Listener = () => void

let current: OpenPerson | null = null
const listeners = new Set<Listener>()

function emit() {
  for (const listener of listeners) listener()
}

export function openPerson(person: OpenPerson): void {
  current = person
  emit()
}

export function closePerson(): void {
  if (current === null) return
  current = null
  emit()
}

export const personSheetStore = {
  subscribe(listener: Listener) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  snapshot: () => current,
}
