import { describe, expect, it } from 'vitest'
import { validateFeedback } from './HelpAndFeedbackScreen'
import { MESSAGES } from '@/generated/rules'
import english from '@/i18n/catalogs/en/profile'

describe('feedback', () => {
  it('needs a part of the app and a note of at most 500 characters', () => {
    expect(validateFeedback([], 'The app froze')).toEqual({ key: 'profile.feedbackServiceRequired' })
    expect(validateFeedback(['trips'], '   ')).toEqual({ key: 'profile.feedbackNoteRequired' })
    expect(validateFeedback(['trips'], 'a'.repeat(501))).toEqual({ key: 'profile.feedbackNoteTooLong' })
    expect(validateFeedback(['trips'], 'a'.repeat(500))).toBeNull()
  })

  it('names the characters a note may not have', () => {
    expect(validateFeedback(['chat'], 'Rude\u202e')).toEqual({ key: 'profile.noteCharacters', characters: 'U+202E' })
  })

  it("says the domain rules' sentences word for word in English", () => {
    expect(english.feedbackServiceRequired).toBe(MESSAGES.FEEDBACK_SERVICE_REQUIRED)
    expect(english.feedbackNoteRequired).toBe(MESSAGES.FEEDBACK_NOTE_REQUIRED)
    expect(english.feedbackNoteTooLong).toBe(MESSAGES.FEEDBACK_NOTE_TOO_LONG)
    expect(english.noteCharacters).toBe(MESSAGES.NOTE_CHARACTERS)
  })
})
