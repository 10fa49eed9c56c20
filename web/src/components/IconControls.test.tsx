import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { Carousel } from './Carousel'
import { Explanation } from './Explanation'
import { PageHeader } from './PageHeader'
import { Stepper } from './Stepper'

/** An icon-only control: named for screen readers, and the same words as a tooltip for everyone else. */
const expectNamedWithTooltip = (name: string) =>
  expect(screen.getByRole('button', { name })).toHaveAttribute('title', name)

describe('icon-only controls', () => {
  it('Back, the stepper, an explanation and the carousel carry a tooltip with their name', () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <PageHeader title="Settings" />
            <Stepper label="Passengers" value={2} min={2} max={4} onChange={() => undefined} />
            <Explanation heading="Estimated cost" content="<p>Split.</p>" />
            <Carousel label="Highlights" autoplaySeconds={3}>
              <p>One</p>
              <p>Two</p>
            </Carousel>
          </>
        ),
      },
    ])
    render(<RouterProvider router={router} />)
    for (const name of ['Back', 'Fewer passengers', 'More passengers', 'Estimated cost', 'Stop automatic slide show', 'Slide 2']) {
      expectNamedWithTooltip(name)
    }
  })
})
