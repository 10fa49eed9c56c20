import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { attachmentError } from './attachments'
import { LIMITS, MESSAGES } from '@/generated/rules'
import { useT } from '@/i18n'

const t = renderHook(() => useT()).result.current

describe('attachment checks', () => {
  it('takes the formats of the chosen kind', () => {
    expect(attachmentError({ name: 'ticket.PDF', size: 10 }, 'pdf', t)).toBeNull()
    expect(attachmentError({ name: 'gate.jpg', size: 10 }, 'image', t)).toBeNull()
    expect(attachmentError({ name: 'ride.mp4', size: 10 }, 'video', t)).toBeNull()
  })

  it('refuses other formats', () => {
    expect(attachmentError({ name: 'ticket.pdf', size: 10 }, 'image', t)).toBe(MESSAGES.FILE_FORMAT_INVALID)
    expect(attachmentError({ name: 'notes.docx', size: 10 }, 'pdf', t)).toBe(MESSAGES.FILE_FORMAT_INVALID)
    expect(attachmentError({ name: 'noextension', size: 10 }, 'image', t)).toBe(MESSAGES.FILE_FORMAT_INVALID)
  })

  it('refuses files over 50 MB', () => {
    expect(attachmentError({ name: 'ride.mp4', size: LIMITS.FILE_MAX_BYTES }, 'video', t)).toBeNull()
    expect(attachmentError({ name: 'ride.mp4', size: LIMITS.FILE_MAX_BYTES + 1 }, 'video', t)).toBe(MESSAGES.FILE_TOO_LARGE)
  })
})
