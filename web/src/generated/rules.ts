// Generated from domain/rules by `make generate`. Do not edit.

export { LIMITS } from './rules/limits';
export { PATTERNS } from './rules/patterns';
export { MESSAGES } from './rules/messages';
export { CHOICES } from './rules/choices';
export { NOTICES } from './rules/notices';
export { SAFETY_MESSAGES } from './rules/safety-messages';
export { LABELS } from './rules/labels';
export { LIVE } from './rules/live';
