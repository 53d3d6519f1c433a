import type { DateFormatName } from '@verity/shared-api';
import { DateText, DaysLeft, DaysPassed } from '@verity/shared-ui';

interface DateCellProps {
  value: string | null | undefined;
  format?: DateFormatName;
}

/** The creation date with the days passed since. */
export function CreatedCell({ value, format = 'list' }: DateCellProps) {
  return (
    <span className="vui-plan-date">
      <DateText value={value} format={format} />
      <span className="vui-plan-date__note">
        <DaysPassed from={value} />
      </span>
    </span>
  );
}

/** The final date with the days left, shown only while some remain. */
export function DueCell({ value, format = 'list' }: DateCellProps) {
  return (
    <span className="vui-plan-date">
      <DateText value={value} format={format} />
      <span className="vui-plan-date__note">
        <DaysLeft due={value} />
      </span>
    </span>
  );
}
