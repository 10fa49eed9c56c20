import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { OtpInput } from './OtpInput'

function Harness({ length = 4, onComplete }: { length?: number; onComplete: (code: string) => void }) {
  const [digits, setDigits] = useState(() => Array.from({ length }, () => ''))
  return <OtpInput digits={digits} onChange={setDigits} onComplete={onComplete} autoFocus />
}

const box = (index: number) => screen.getByLabelText(new RegExp(`^Digit ${index + 1} of`)) as HTMLInputElement

describe('OtpInput', () => {
  it('draws one box per digit', () => {
    render(<Harness length={6} onComplete={vi.fn()} />)
    expect(screen.getAllByRole('textbox')).toHaveLength(6)
  })

  it('moves to the next box after each digit and submits after the last', async () => {
    const onComplete = vi.fn()
    const user = userEvent.setup()
    render(<Harness onComplete={onComplete} />)
    expect(box(0)).toHaveFocus()
    await user.keyboard('12')
    expect(box(2)).toHaveFocus()
    expect(onComplete).not.toHaveBeenCalled()
    await user.keyboard('34')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('1234')
  })

  it('ignores anything that is not a digit', async () => {
    const user = userEvent.setup()
    render(<Harness onComplete={vi.fn()} />)
    await user.keyboard('a')
    expect(box(0)).toHaveValue('')
    expect(box(0)).toHaveFocus()
  })

  it('spreads a pasted code over the boxes and submits it', async () => {
    const onComplete = vi.fn()
    const user = userEvent.setup()
    render(<Harness onComplete={onComplete} />)
    await user.paste('4 8-1 5')
    expect([0, 1, 2, 3].map((index) => box(index).value)).toEqual(['4', '8', '1', '5'])
    expect(onComplete).toHaveBeenCalledWith('4815')
  })

  it('goes back and clears the previous box on Backspace in an empty box', async () => {
    const user = userEvent.setup()
    render(<Harness onComplete={vi.fn()} />)
    await user.keyboard('12')
    expect(box(2)).toHaveFocus()
    await user.keyboard('{Backspace}')
    expect(box(1)).toHaveFocus()
    expect(box(1)).toHaveValue('')
    expect(box(0)).toHaveValue('1')
  })
})
