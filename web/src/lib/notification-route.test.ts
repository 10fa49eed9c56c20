import { describe, expect, it } from 'vitest'
import { notificationPath } from './notification-route'

describe('notificationPath', () => {
  it('routes each entity type to its screen', () => {
    expect(notificationPath({ entity_type: 'request', entity_id: '42' })).toBe('/trip/42?viewRequest=true')
    expect(notificationPath({ entity_type: 'trip', entity_id: '42' })).toBe('/trip/42')
    expect(notificationPath({ entity_type: 'query', entity_id: '42' })).toBe('/trip/42')
    expect(notificationPath({ entity_type: 'chat', entity_id: '7' })).toBe('/chat-room/7')
    expect(notificationPath({ entity_type: 'review', entity_id: '42' })).toBe('/rating/42')
    expect(notificationPath({ entity_type: 'review', entity_id: '' })).toBe('/profile')
    expect(notificationPath({ entity_type: 'profile', entity_id: '9' })).toBe('/profile/9')
    expect(notificationPath({ entity_type: 'profile', entity_id: '' })).toBe('/profile')
  })

  it('keeps an odd id inside its path segment and sends unknown types to the list', () => {
    expect(notificationPath({ entity_type: 'trip', entity_id: '../x' })).toBe('/trip/..%2Fx')
    expect(notificationPath({ entity_type: 'gossip', entity_id: '1' })).toBe('/notifications')
  })
})
