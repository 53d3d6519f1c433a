// The few words of the ways to a grievance log (a card, a button), apart from the screens' words
// (grievance-texts.ts) so the pages that only lead there carry no more than these.
export const GRIEVANCES_LABEL = 'Grievances';

export const GRIEVANCE_CARD_TEXT = {
  title: GRIEVANCES_LABEL,
  cardHint: 'The grievance log: each complaint received, then its steps against your targets.',
  portfolioTitle: 'Grievance register',
  portfolioCardHint: 'Every company’s grievance log: open, late, by category, identities withheld.',
} as const;
