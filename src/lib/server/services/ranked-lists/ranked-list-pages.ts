// One page of a ranked list as its page shows it (spec 1 §2.10): the cards, the total and the
// number of pages. The list itself (order, filter) is drama-lists.ts's.
import { RANKED_PAGE_SIZE, pageCount, type RankedListKey } from '../../../ranked-lists/ranked-lists.ts';
import { getDb } from '../../db/client.ts';
import type { Executor } from '../../db/transactions.ts';
import { listRanked } from '../drama-search/drama-lists.ts';
import { toCardData, type DramaCardData } from '../home/home.ts';
import { loadPage, pageOk, type PageResult } from '../pages/page-result.ts';

export interface RankedListPage {
  items: DramaCardData[];
  total: number;
  /** the page asked for (it may lie past the last page: then `items` is empty) */
  page: number;
  pages: number;
}

/** Page `page` (from 1) of a ranked list, 24 cards a page. */
export async function getRankedListPage(db: Executor, list: RankedListKey, page: number): Promise<RankedListPage> {
  const found = await listRanked(db, list, page, RANKED_PAGE_SIZE);
  return { items: found.items.map(toCardData), total: found.total, page, pages: pageCount(found.total) };
}

/** What the ranked list page shows for page `page` of `list`, or its error state. Never throws. */
export function loadRankedListPage(list: RankedListKey, page: number): Promise<PageResult<RankedListPage>> {
  return loadPage({ page: 'ranked list', list, pageNumber: page }, async () => pageOk(await getRankedListPage(await getDb(), list, page)));
}
