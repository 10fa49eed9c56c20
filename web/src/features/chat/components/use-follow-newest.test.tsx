import { act, fireEvent, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useFollowNewest } from './use-follow-newest'

/** jsdom lays nothing out: here every message is 100 px tall and the list shows 300 px of them. */
const MESSAGE_PX = 100
const LIST_PX = 300
const scrolled = new WeakMap<Element, number>()
const bottomOf = (list: Element) => list.children.length * MESSAGE_PX - LIST_PX
const layout = {
  scrollHeight: {
    configurable: true,
    get(this: Element) {
      return this.children.length * MESSAGE_PX
    },
  },
  clientHeight: { configurable: true, get: () => LIST_PX },
  scrollTop: {
    configurable: true,
    get(this: Element) {
      return scrolled.get(this) ?? 0
    },
    set(this: Element, value: number) {
      scrolled.set(this, Math.max(0, Math.min(value, bottomOf(this))))
    },
  },
} satisfies PropertyDescriptorMap
const jsdomLayout = Object.fromEntries(
  Object.keys(layout).map((name) => [name, Object.getOwnPropertyDescriptor(Element.prototype, name)]),
)

type Message = { key: string; mine: boolean }
const theirs = (count: number): Message[] => Array.from({ length: count }, (_, index) => ({ key: `m${index}`, mine: false }))

function Room({ messages }: { messages: Message[] }) {
  const listRef = useRef<HTMLDivElement>(null)
  const newest = messages.at(-1)
  const follow = useFollowNewest(listRef, { key: newest?.key, mine: newest?.mine ?? false })
  return (
    <>
      <div ref={listRef} data-testid="list" onScroll={follow.onScrolled}>
        {messages.map((message) => (
          <p key={message.key}>{message.key}</p>
        ))}
      </div>
      {follow.unseen && (
        <button type="button" onClick={follow.scrollToBottom}>
          New messages
        </button>
      )}
    </>
  )
}

function scrollTo(list: HTMLElement, top: number) {
  list.scrollTop = top
  fireEvent.scroll(list)
}

describe('a message list that follows the newest message', () => {
  beforeAll(() => {
    Object.defineProperties(Element.prototype, layout)
  })
  afterAll(() => {
    for (const [name, descriptor] of Object.entries(jsdomLayout)) {
      if (descriptor) Object.defineProperty(Element.prototype, name, descriptor)
      else Reflect.deleteProperty(Element.prototype, name)
    }
  })

  it('opens at the newest message and follows new ones while at the bottom', () => {
    const { rerender } = render(<Room messages={theirs(20)} />)
    const list = screen.getByTestId('list')
    expect(list.scrollTop).toBe(bottomOf(list))
    rerender(<Room messages={theirs(21)} />)
    expect(list.scrollTop).toBe(bottomOf(list))
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull()
  })

  it('stays where one reads when a message comes, with a button that leads down to it', () => {
    const { rerender } = render(<Room messages={theirs(20)} />)
    const list = screen.getByTestId('list')
    scrollTo(list, 200)
    rerender(<Room messages={theirs(21)} />)
    expect(list.scrollTop).toBe(200)
    act(() => screen.getByRole('button', { name: 'New messages' }).click())
    expect(list.scrollTop).toBe(bottomOf(list))
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull()
  })

  it('drops the button once one scrolls down by hand', () => {
    const { rerender } = render(<Room messages={theirs(20)} />)
    const list = screen.getByTestId('list')
    scrollTo(list, 0)
    rerender(<Room messages={theirs(22)} />)
    expect(screen.getByRole('button', { name: 'New messages' })).toBeVisible()
    scrollTo(list, bottomOf(list) - 10)
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull()
  })

  it('goes down to a message one has just typed, wherever one was', () => {
    const { rerender } = render(<Room messages={theirs(20)} />)
    const list = screen.getByTestId('list')
    scrollTo(list, 0)
    rerender(<Room messages={[...theirs(20), { key: 'mine', mine: true }]} />)
    expect(list.scrollTop).toBe(bottomOf(list))
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull()
  })
})
