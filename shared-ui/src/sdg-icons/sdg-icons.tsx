import { useLanguage } from '@verity/session';
import { findSdg, type Sdg } from '@verity/shared-api';
import { SDG_COLORS, sdgTextColor } from './sdg-colors';
import './sdg-icons.css';
import { t } from '../texts';

export interface SdgIconsProps {
  /** SDG codes such as 'SDG7'; unknown codes are left out. */
  codes: readonly string[];
  /** Names the list for screen readers. */
  label?: string;
}

/** The impacted goals as numbered tiles, each opening the goal's UN page in a new tab. */
export function SdgIcons({ codes, label = t('ui.sdg.impacted') }: SdgIconsProps) {
  useLanguage();
  const goals = codes.map(findSdg).filter((sdg): sdg is Sdg => sdg !== undefined);
  if (goals.length === 0) return null;
  return (
    <ul className="vui-sdg-icons" aria-label={label}>
      {goals.map((sdg) => {
        const background = SDG_COLORS[sdg.number];
        const name = t('ui.sdg.name', { number: sdg.number, title: sdg.title });
        return (
          <li key={sdg.code}>
            <a
              className="vui-sdg-icons__tile"
              href={sdg.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={name}
              title={name}
              style={{ background, color: sdgTextColor(background) }}
            >
              <span aria-hidden="true">{sdg.number}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
