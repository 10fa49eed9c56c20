import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'

/** This close to the bottom, the list counts as at the bottom and keeps following new messages. */
export const AT_BOTTOM_PX = 48

type Newest = {
  /** the newest message's key, undefined while there is none */
  key: string | undefined
  /** the newest message is one's own, just typed: the list goes down to it wherever it was */
  mine: boolean
}

/**
 * Keeps a scrolling message list at its newest message: it opens there, and follows new messages and changes of
 * size (pictures arriving, the on-screen keyboard) while it is at the bottom. Scrolled up, a new message from
 * someone else leaves the list where it is and is counted as unseen, until the list is back at the bottom.
 */
export function useFollowNewest(listRef: RefObject<HTMLElement | null>, newest: Newest) {
  const atBottom = useRef(true)
  const shownNewest = useRef<string | undefined>(undefined)
  const [unseen, setUnseen] = useState(false)

  const scrollToBottom = useCallback(() => {
    const list = listRef.current
    if (list) list.scrollTop = list.scrollHeight
    atBottom.current = true
    setUnseen(false)
  }, [listRef])

  useLayoutEffect(() => {
    if (newest.key === undefined || newest.key === shownNewest.current) return
    const opening = shownNewest.current === undefined
    shownNewest.current = newest.key
    if (opening || atBottom.current || newest.mine) scrollToBottom()
    else setUnseen(true)
  }, [newest.key, newest.mine, scrollToBottom])

  useEffect(() => {
    const list = listRef.current
    if (!list || typeof ResizeObserver === 'undefined') return
    const follow = new ResizeObserver(() => {
      if (atBottom.current) list.scrollTop = list.scrollHeight
    })
    follow.observe(list)
    for (const child of Array.from(list.children)) follow.observe(child)
    return () => follow.disconnect()
  }, [listRef])

  /** To be called from the list's scroll handler. */
  const onScrolled = useCallback(() => {
    const list = listRef.current
    if (!list) return
    atBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < AT_BOTTOM_PX
    if (atBottom.current) setUnseen(false)
  }, [listRef])

  return { unseen, scrollToBottom, onScrolled, atBottom }
}
