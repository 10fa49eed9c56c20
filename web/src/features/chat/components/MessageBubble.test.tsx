import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { RoomMessage } from '../model/room-messages'
import { MessageBubble } from './MessageBubble'

const LONG_NAME = 'Venkata Narasimha Raghavendra Subrahmanyam Lakshminarayana'

const message = (): RoomMessage => ({
  key: '7/a',
  id: 1,
  message: 'Reaching the gate in five minutes',
  type: 'normal',
  sender: { user_id: 7, name: LONG_NAME, image: null, is_kyc_verified: false },
  time: '2026-04-01T04:30:00Z',
  status: 'successful',
  client_message_identifier: 'a',
  documents: [],
  error: null,
  outgoing: null,
  upload: null,
  queuedAt: 0,
})

describe('a chat bubble from someone with a long name', () => {
  it('keeps the name on one line, ending in an ellipsis, with the whole name as its tooltip', () => {
    render(<MessageBubble message={message()} mine={false} onRetry={() => undefined} canRetryUpload={false} />)
    const name = screen.getByTitle(LONG_NAME)
    expect(name).toHaveTextContent(LONG_NAME)
    expect(name.className).toMatch(/senderName/)
    expect(screen.getByRole('button', { name: `${LONG_NAME}'s profile` })).toContainElement(name)
  })
})
