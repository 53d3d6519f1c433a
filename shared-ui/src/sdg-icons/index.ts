export { SdgIcons } from './sdg-icons';
export type { SdgIconsProps } from './sdg-icons';
export { SDG_COLORS, sdgTextColor } from './sdg-colors';
