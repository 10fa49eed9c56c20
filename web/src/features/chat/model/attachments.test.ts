import { describe, expect, it } from 'vitest'
import { attachmentError } from './attachments'
import { LIMITS, MESSAGES } from '@/generated/rules'

describe('attachment checks', () => {
  it('takes the formats of the chosen kind', () => {
    expect(attachmentError({ name: 'ticket.PDF', size: 10 }, 'pdf')).toBeNull()
    expect(attachmentError({ name: 'gate.jpg', size: 10 }, 'image')).toBeNull()
    expect(attachmentError({ name: 'ride.mp4', size: 10 }, 'video')).toBeNull()
  })

  it('refuses other formats', () => {
    expect(attachmentError({ name: 'ticket.pdf', size: 10 }, 'image')).toBe(MESSAGES.FILE_FORMAT_INVALID)
    expect(attachmentError({ name: 'notes.docx', size: 10 }, 'pdf')).toBe(MESSAGES.FILE_FORMAT_INVALID)
    expect(attachmentError({ name: 'noextension', size: 10 }, 'image')).toBe(MESSAGES.FILE_FORMAT_INVALID)
  })

  it('refuses files over 50 MB', () => {
    expect(attachmentError({ name: 'ride.mp4', size: LIMITS.FILE_MAX_BYTES }, 'video')).toBeNull()
    expect(attachmentError({ name: 'ride.mp4', size: LIMITS.FILE_MAX_BYTES + 1 }, 'video')).toBe(MESSAGES.FILE_TOO_LARGE)
  })
})
