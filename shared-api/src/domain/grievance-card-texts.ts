// The few words of the ways to a grievance log (a card, a button), apart from the screens' words
// (grievance-texts.ts) so the pages that only lead there carry no more than these. Each is a
// constant of its own, so a page carries only the words it shows: the client's portfolio, at the
// edge of its size budget, carries the register card's two.
export const GRIEVANCES_LABEL = 'Grievances';
export const GRIEVANCES_CARD_HINT =
  'The grievance log: each complaint received, then its steps against your targets.';
export const GRIEVANCE_REGISTER_LABEL = 'Grievance register';
export const GRIEVANCE_REGISTER_CARD_HINT =
  'Every company’s grievance log: open, late, by category, identities withheld.';
