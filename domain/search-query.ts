import { z } from 'zod';
import { SEARCH_MAX } from './search.ts';

/** GET SEARCH_API's query (domain/search.ts): the text, trimmed, 1 to SEARCH_MAX characters. */
const SAY = 'Type a name, SKU, barcode or reference to search for.';
export const searchQuery = z.strictObject({
  q: z.string({ error: SAY }).trim().min(1, { error: SAY }).max(SEARCH_MAX, { error: `Use at most ${SEARCH_MAX} characters.` }),
});
