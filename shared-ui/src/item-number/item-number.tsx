import '../styles/display.css';

export interface ItemNumberProps {
  /** The lender's ESAP item number ('2.3a'); nothing is shown without one. */
  value: string | null | undefined;
}

/** A gap's ESAP item number, before its name wherever a gap is listed, as the lender names it. */
export function ItemNumber({ value }: ItemNumberProps) {
  if (!value) return null;
  return (
    <>
      <span className="vui-item-number">{value}</span>{' '}
    </>
  );
}
