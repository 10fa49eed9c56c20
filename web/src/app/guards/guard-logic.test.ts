import { describe, expect, it } from 'vitest'
import { isProfileComplete, protectedRedirect, shouldAskForLocation } from './guard-logic'
import {
  afterProfileState,
  afterProfileTarget,
  rememberRedirectTarget,
  safeRedirectTarget,
  takeRedirectTarget,
} from '@/lib/redirect'

const complete = { name: 'Asha Rao', gender: 'FEMALE' as const, dob: '01-01-1990' }

describe('isProfileComplete', () => {
  it('needs name, gender and date of birth', () => {
    expect(isProfileComplete(complete)).toBe(true)
    expect(isProfileComplete({ ...complete, name: null })).toBe(false)
    expect(isProfileComplete({ ...complete, name: '  ' })).toBe(false)
    expect(isProfileComplete({ ...complete, gender: null })).toBe(false)
    expect(isProfileComplete({ ...complete, dob: null })).toBe(false)
  })
})

describe('protectedRedirect', () => {
  it('sends an incomplete profile to /user-details from anywhere', () => {
    const incomplete = { ...complete, dob: null }
    expect(protectedRedirect('/home', incomplete)).toBe('/user-details')
    expect(protectedRedirect('/profile', incomplete)).toBe('/user-details')
    expect(protectedRedirect('/user-details-edit', incomplete)).toBe('/user-details')
  })

  it('lets an incomplete profile stay on /user-details', () => {
    expect(protectedRedirect('/user-details', { ...complete, gender: null })).toBeNull()
  })

  it('sends a complete profile away from /user-details to home', () => {
    expect(protectedRedirect('/user-details', complete)).toBe('/home')
  })

  it('sends a complete profile from /user-details on to the page wanted before the profile', () => {
    expect(protectedRedirect('/user-details', complete, '/chat-room/7')).toBe('/chat-room/7')
  })

  it('lets a complete profile go anywhere else', () => {
    expect(protectedRedirect('/home', complete)).toBeNull()
    expect(protectedRedirect('/trip/42', complete)).toBeNull()
  })
})

describe('redirect target after login', () => {
  it('follows the remembered page once, then falls back to home', () => {
    rememberRedirectTarget('/trip/42?viewRequest=true')
    expect(takeRedirectTarget()).toBe('/trip/42?viewRequest=true')
    expect(takeRedirectTarget()).toBe('/home')
  })

  it('never follows other origins or the login pages', () => {
    expect(safeRedirectTarget('https://evil.example/')).toBeNull()
    expect(safeRedirectTarget('//evil.example/')).toBeNull()
    expect(safeRedirectTarget('/login')).toBeNull()
    expect(safeRedirectTarget('/login/otp')).toBeNull()
    expect(safeRedirectTarget('/profile/settings')).toBe('/profile/settings')
  })

  it('never follows a path that a browser could read as another origin', () => {
    expect(safeRedirectTarget('/\\evil.example/')).toBeNull()
    expect(safeRedirectTarget('/\t/evil.example/')).toBeNull()
    expect(safeRedirectTarget('/trip/1\\..\\..')).toBeNull()
    expect(safeRedirectTarget('https:/evil.example/')).toBeNull()
    expect(safeRedirectTarget('javascript:alert(1)')).toBeNull()
  })
})

describe('the page after profile setup', () => {
  it('is carried in the router state, only for the app\'s own pages', () => {
    expect(afterProfileTarget(afterProfileState('/trip/42?viewRequest=true'))).toBe('/trip/42?viewRequest=true')
    expect(afterProfileState('//evil.example/')).toBeUndefined()
    expect(afterProfileTarget({ next: 'https://evil.example/' })).toBe('/home')
    expect(afterProfileTarget({ next: 42 })).toBe('/home')
    expect(afterProfileTarget(null)).toBe('/home')
  })

  it('never leads back to profile setup itself', () => {
    expect(afterProfileTarget({ next: '/user-details' })).toBe('/home')
    expect(afterProfileTarget({ next: '/user-details?again=1' })).toBe('/home')
  })
})

describe('shouldAskForLocation', () => {
  it('asks on every page but home until refused once', () => {
    expect(shouldAskForLocation('/home', false)).toBe(false)
    expect(shouldAskForLocation('/profile', false)).toBe(true)
    expect(shouldAskForLocation('/profile', true)).toBe(false)
  })
})
