// The few words of the ways to an incident register (a card, a button), apart from the screens'
// words (incident-texts.ts) so the pages that only lead there carry no more than these.
import { textRecord } from '../text-records';

/** The register's name in English, as the spec words it; the screens read INCIDENT_CARD_TEXT.title. */
export const INCIDENTS_LABEL = 'Incidents';

export const INCIDENT_CARD_TEXT = textRecord({
  title: 'contract.incident.card.title',
  cardHint: 'contract.incident.card.cardHint',
  open: 'contract.incident.card.open',
  portfolioTitle: 'contract.incident.card.portfolioTitle',
  portfolioCardHint: 'contract.incident.card.portfolioCardHint',
});
