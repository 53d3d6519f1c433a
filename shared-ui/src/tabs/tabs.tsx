import type { ReactNode } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';
import '../styles/display.css';

export interface TabItem {
  value: string;
  label: string;
  /** Shown after the label, e.g. the number of remarks. */
  count?: number;
  content: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Names the tab list for screen readers. */
  label: string;
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
}

/** Arrow keys move between tabs, Tab moves into the panel. */
export function Tabs({ items, label, defaultValue, value, onValueChange }: TabsProps) {
  return (
    <RadixTabs.Root
      className="vui-tabs"
      defaultValue={value === undefined ? (defaultValue ?? items[0]?.value) : undefined}
      value={value}
      onValueChange={onValueChange}
    >
      <RadixTabs.List className="vui-tabs__list" aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className="vui-tabs__trigger">
            {item.label}
            {/* Named by what it shows, 'Remarks (2)': no label in place of the text (WCAG 2.5.3). */}
            {item.count === undefined ? null : (
              <>
                <span className="vui-sr-only">{` (${item.count})`}</span>
                <span className="vui-tabs__count" aria-hidden="true">
                  {item.count}
                </span>
              </>
            )}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="vui-tabs__panel">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
