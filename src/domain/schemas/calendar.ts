import { z } from 'zod';
import { localeSchema } from './enums';
import { idField } from './fields';

/**
 * Calendar feed links: a user subscribes a customer's next DGUV
 * inspections in the office calendar by an iCalendar URL that carries a revocable token.
 * `POST /api/calendar/tokens` makes one (a user's earlier link to the same customer stops
 * working) and answers the URL once; the server keeps only the token's hash.
 */
export const feedTokenCreateSchema = z.object({
  customerId: idField(),
  /** The language of the feed's texts (the app's language). */
  locale: localeSchema.default('de'),
});
export type FeedTokenCreate = z.input<typeof feedTokenCreateSchema>;

/** A link as listed: never its token. */
export const feedTokenSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type FeedToken = z.infer<typeof feedTokenSchema>;

export const feedTokenListSchema = z.array(feedTokenSchema);

/** The answer to a create: the link with its full feed URL, shown this once. */
export const feedTokenCreatedSchema = feedTokenSchema.extend({ url: z.string() });
export type FeedTokenCreated = z.infer<typeof feedTokenCreatedSchema>;

/** `GET …/calendar.ics?token=` — the feed's path of a customer. */
export const calendarFeedPath = (customerId: string) =>
  `/api/calendar/customer/${encodeURIComponent(customerId)}/calendar.ics`;
