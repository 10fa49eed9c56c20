import { useState, type FocusEvent, type KeyboardEvent } from 'react'
import type { Suggestion } from '@/lib/maps'
import { usePlaceSuggestions } from '@/lib/place-suggestions'

type PlaceSearchOptions<T> = {
  /** What is typed in the box. */
  text: string
  /** The options the list offers, in order: the suggestions, with any offered around them. */
  optionsOf: (suggestions: Suggestion[]) => T[]
  /** An option was picked (the list is closed by then). */
  onPick: (option: T) => void
  /** Ask for suggestions only while this holds (and the list is open); true unless told. */
  searching?: boolean
}

/** The suggestions alone, for a box that offers nothing around them. */
export const suggestionsOnly = (suggestions: Suggestion[]): Suggestion[] => suggestions

/**
 * A place box's list (ARIA combobox), kept once for every place box: the places matching the typed text while the
 * list is open, the active option that ArrowDown and ArrowUp move through (round), Enter picking it, Escape and
 * focus leaving the box closing the list. The box draws the input and the list.
 */
export function usePlaceSearch<T>({ text, optionsOf, onPick, searching = true }: PlaceSearchOptions<T>) {
  const [open, setOpen] = useState(false)
  const [activeIndex, setActiveIndex] = useState(-1)
  const { suggestions, loading, failed } = usePlaceSuggestions(text, searching && open)
  const options = optionsOf(suggestions)

  const close = () => {
    setOpen(false)
    setActiveIndex(-1)
  }

  const pick = (option: T) => {
    close()
    onPick(option)
  }

  /** The text changed: the list opens afresh, nothing active. */
  const typed = () => {
    setOpen(true)
    setActiveIndex(-1)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault()
      setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActiveIndex((index) => (index < 0 && step < 0 ? count - 1 : (index + step + count) % count))
    } else if (event.key === 'Enter' && open && activeIndex >= 0 && activeIndex < count) {
      event.preventDefault()
      pick(options[activeIndex])
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      event.stopPropagation()
      close()
    }
  }

  /** For the element around the box and its list: the list closes when focus leaves both. */
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close()
  }

  return {
    suggestions,
    loading,
    failed,
    options,
    open,
    openList: () => setOpen(true),
    activeIndex,
    active: open && activeIndex >= 0 ? options[activeIndex] : undefined,
    pick,
    typed,
    onKeyDown,
    onBlur,
  }
}
