import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { PageHeader } from './PageHeader'

const LONG = 'Venkata Narasimha Raghavendra Subrahmanyam Lakshminarayana'

describe('a long title in a header', () => {
  it('is drawn on one line (the title style) with the whole title as its tooltip', () => {
    const router = createMemoryRouter([{ path: '/', element: <PageHeader title={LONG} /> }])
    render(<RouterProvider router={router} />)
    const heading = screen.getByRole('heading', { level: 1, name: LONG })
    expect(heading).toHaveAttribute('title', LONG)
    expect(heading.className).toMatch(/title/)
  })
})
