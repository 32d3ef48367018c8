/**
 * Calendar feed links over `/api/calendar/tokens`, online only: a link's
 * token lives on the server (as a hash) and is shown once, so nothing of it is kept here.
 */
import {
  feedTokenCreatedSchema,
  feedTokenListSchema,
  type FeedToken,
  type FeedTokenCreate,
  type FeedTokenCreated,
} from '@domain/schemas/calendar';
import { api } from '@lib/api/api';

const BASE = '/api/calendar/tokens';

export async function fetchFeedLinks(signal?: AbortSignal): Promise<FeedToken[]> {
  return feedTokenListSchema.parse(await api.get(BASE, { signal }));
}

export async function createFeedLink(input: FeedTokenCreate): Promise<FeedTokenCreated> {
  return feedTokenCreatedSchema.parse(await api.post(BASE, input));
}

export async function revokeFeedLink(id: string): Promise<void> {
  await api.delete(`${BASE}/${encodeURIComponent(id)}`);
}
