// The few words of the ways to a grievance log (a card, a button), apart from the screens' words
// (grievance-texts.ts) so the pages that only lead there carry no more than these. The constants are
// the spec's English words; the screens read GRIEVANCE_CARD_TEXT, in the language in use.
import { textRecord } from '../text-records';

export const GRIEVANCES_LABEL = 'Grievances';
export const GRIEVANCES_CARD_HINT =
  'The grievance log: each complaint received, then its steps against your targets.';
export const GRIEVANCE_REGISTER_LABEL = 'Grievance register';
export const GRIEVANCE_REGISTER_CARD_HINT =
  'Every company’s grievance log: open, late, by category, identities withheld.';

/** The words above in the language in use. */
export const GRIEVANCE_CARD_TEXT = textRecord({
  label: 'contract.grievance.card.label',
  cardHint: 'contract.grievance.card.cardHint',
  registerLabel: 'contract.grievance.card.registerLabel',
  registerCardHint: 'contract.grievance.card.registerCardHint',
});
