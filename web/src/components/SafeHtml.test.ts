import { describe, expect, it } from 'vitest'
import { sanitizeHtml } from './SafeHtml'

describe('sanitizeHtml', () => {
  it('keeps paragraphs, emphasis, lists and web links', () => {
    expect(sanitizeHtml('<p>Walk <b>500 m</b></p><ul><li>one</li></ul>')).toBe('<p>Walk <b>500 m</b></p><ul><li>one</li></ul>')
    expect(sanitizeHtml('<a href="https://humsafar.in/help">help</a>')).toBe(
      '<a href="https://humsafar.in/help" target="_blank" rel="noopener noreferrer">help</a>',
    )
  })

  it('drops scripts, styles, event handlers and script links', () => {
    expect(sanitizeHtml('<p onclick="steal()">Hi<script>steal()</script></p>')).toBe('<p>Hi</p>')
    expect(sanitizeHtml('<img src=x onerror="steal()"><style>p{}</style>text')).toBe('text')
    expect(sanitizeHtml('<a href="javascript:steal()">x</a>')).toBe('<a>x</a>')
  })
})
