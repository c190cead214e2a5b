/**
 * How loading a page's data failed, as spec 1 §8's messages tell it apart: an answer with a status
 * (404, 500, ...), no answer at all (the server or its database cannot be reached), or anything else.
 */
export type LoadFailure = { status: number } | { noResponse: true } | { unknown: true };
