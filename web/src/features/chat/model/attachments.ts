import { CHOICES, LIMITS } from '@/generated/rules'
import type { Translate } from '@/i18n'
import '@/i18n/catalogs/en/chat'

export type AttachmentKind = 'image' | 'video' | 'pdf'

/** The extensions the server takes for each kind (domain/rules); the server checks the bytes too. */
export const ATTACHMENT_EXTENSIONS: Record<AttachmentKind, readonly string[]> = CHOICES.ATTACHMENT_EXTENSIONS

export const ATTACHMENT_ACCEPT: Record<AttachmentKind, string> = {
  image: 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif',
  video: 'video/mp4,video/quicktime,video/x-ms-wmv,video/x-msvideo,.mp4,.mov,.hevc,.wmv,.avi',
  pdf: 'application/pdf,.pdf',
}

const extensionOf = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '')

/** SPEC §5 attachment rules: the chosen kind's formats only, at most 50 MB. Null when the file may be sent. */
export function attachmentError(file: { name: string; size: number }, kind: AttachmentKind, t: Translate): string | null {
  if (!ATTACHMENT_EXTENSIONS[kind].includes(extensionOf(file.name))) return t('chat.fileFormatInvalid')
  if (file.size > LIMITS.FILE_MAX_BYTES) return t('chat.fileTooLarge')
  return null
}
