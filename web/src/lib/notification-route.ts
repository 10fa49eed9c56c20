import { paths } from '../config/paths'
import { NOTICES } from '../generated/rules'

/** What a notification points at (SPEC §3 Notification); a push carries the same fields. */
export type NotificationTarget = { entity_type: string; entity_id: string }

/**
 * Where tapping a notification goes (SPEC §2 Notifications), in the list and from the system's own notification
 * alike: a request opens the trip with its requests, a question or trip news the trip, a chat its room, a review
 * prompt the rating screen, a review received one's profile, a profile notice that profile (or one's own).
 */
export function notificationPath({ entity_type, entity_id }: NotificationTarget): string {
  const id = encodeURIComponent(entity_id ?? '')
  switch (entity_type) {
    case NOTICES.ABOUT_REQUEST:
      return `${paths.trip(id)}?viewRequest=true`
    case NOTICES.ABOUT_TRIP:
    case NOTICES.ABOUT_QUERY:
      return paths.trip(id)
    case NOTICES.ABOUT_CHAT:
      return paths.chatRoom(id)
    case NOTICES.ABOUT_REVIEW:
      // A prompt names its trip; a review received names nothing and opens one's profile.
      return id ? paths.rating(id) : paths.profile
    case NOTICES.ABOUT_PROFILE:
      return id ? paths.otherProfile(id) : paths.profile
    default:
      return paths.notifications
  }
}
