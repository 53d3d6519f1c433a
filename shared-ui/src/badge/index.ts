export { Badge, BADGE_TONES } from './badge';
export type { BadgeProps, BadgeTone } from './badge';
