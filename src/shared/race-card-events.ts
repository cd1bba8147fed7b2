/** What a race-card event says changed: the cards, a runner's details, prices or results. */
export const RACE_CARD_EVENT_TYPES = ['upload', 'update', 'prices', 'results'] as const;
export type RaceCardEventType = (typeof RACE_CARD_EVENT_TYPES)[number];
