// The favourites calls (contract "Watch lists and activity", spec 2 §1, §3, §5, §9): a member's
// favourite dramas and cast, 5 of each at most, in the order added. Handlers parse and answer; the
// rules are in services/favourites. Favourites are a showcase: private lists do not hide them.
import { createRoute } from '@hono/zod-openapi';
import { getDb } from '../../db/client.ts';
import { addFavourite, favouriteCast, favouriteDramas, removeFavourite, type FavouriteKind } from '../../services/favourites/favourites.ts';
import { FavouriteCastListSchema, FavouriteDramasSchema } from '../../../api/wire/favourites.ts';
import { currentUser } from '../auth-middleware.ts';
import { createRouter } from '../create-router.ts';
import { anyoneRead, memberRead, memberWrite } from '../member-limits.ts';
import { badToken, errorAnswer as error, jsonAnswer as answer, notSignedIn, pathIdHook, pathIdParams } from '../schemas.ts';
import { toFavouriteCast, toFavouriteDrama } from './favourite-dto.ts';

const tags = ['Favourites'];
const USER_ID = 'Invalid user ID';
const DRAMA_ID = 'Invalid drama ID';
const PERSON_ID = 'Invalid person ID';

const kinds = { dramas: 'dramas', cast: 'cast' } as const satisfies Record<FavouriteKind, FavouriteKind>;
const FAVOURITE_SCHEMAS = { dramas: FavouriteDramasSchema, cast: FavouriteCastListSchema } as const;
const favouriteIdMessage = { dramas: DRAMA_ID, cast: PERSON_ID } as const;
const readFavourites = async (kind: FavouriteKind, userId: number) => {
  const db = await getDb();
  return kind === 'dramas' ? (await favouriteDramas(db, userId)).map(toFavouriteDrama) : (await favouriteCast(db, userId)).map(toFavouriteCast);
};
const opName = (kind: FavouriteKind) => (kind === 'dramas' ? 'Dramas' : 'Cast');

const myFavourites = (kind: FavouriteKind) =>
  createRoute({
    method: 'get',
    path: `/lists/favorites/${kind}`,
    operationId: `getMyFavorite${opName(kind)}`,
    tags,
    summary: `The signed-in member's favourite ${kind}, in the order added`,
    ...memberRead,
    responses: { 200: answer('At most 5', FAVOURITE_SCHEMAS[kind]), ...notSignedIn },
  });

const userFavourites = (kind: FavouriteKind) =>
  createRoute({
    method: 'get',
    path: `/users/{id}/favorites/${kind}`,
    operationId: `getUserFavorite${opName(kind)}`,
    tags,
    summary: `A member's favourite ${kind}, in the order added (shown even when their lists are private)`,
    ...anyoneRead,
    request: { params: pathIdParams(USER_ID) },
    responses: { 200: answer('At most 5', FAVOURITE_SCHEMAS[kind]), 400: error('The id is not all digits'), 404: error('No such member'), ...badToken },
  });

const changeFavourite = (kind: FavouriteKind, method: 'post' | 'delete') =>
  memberWrite('listWritesByMember', {
    method,
    path: `/lists/favorites/${kind}/{id}`,
    operationId: `${method === 'post' ? 'add' : 'remove'}Favorite${opName(kind) === 'Dramas' ? 'Drama' : 'Cast'}`,
    tags,
    summary: method === 'post' ? `Add to the favourite ${kind} (idempotent; 5 at most)` : `Remove from the favourite ${kind} (idempotent)`,
    request: { params: pathIdParams(favouriteIdMessage[kind]) },
    responses: {
      ...(method === 'post'
        ? { 201: answer('The favourites now', FAVOURITE_SCHEMAS[kind]) }
        : { 204: { description: 'Removed (or was not there)' } }),
      400: error(method === 'post' ? 'The id is not all digits, or there are 5 already' : 'The id is not all digits'),
      404: error(kind === 'dramas' ? 'No such drama' : 'No such person'),
      ...notSignedIn,
    },
  });

const userHook = pathIdHook(USER_ID);

export const favouriteRoutes = createRouter()
  .openapi(myFavourites(kinds.dramas), async (c) => c.json(await readFavourites('dramas', currentUser(c).id), 200))
  .openapi(myFavourites(kinds.cast), async (c) => c.json(await readFavourites('cast', currentUser(c).id), 200))
  .openapi(
    changeFavourite(kinds.dramas, 'post'),
    async (c) => {
      const me = currentUser(c).id;
      await addFavourite(await getDb(), me, 'dramas', c.req.valid('param').id);
      return c.json(await readFavourites('dramas', me), 201);
    },
    pathIdHook(DRAMA_ID),
  )
  .openapi(
    changeFavourite(kinds.dramas, 'delete'),
    async (c) => {
      await removeFavourite(await getDb(), currentUser(c).id, 'dramas', c.req.valid('param').id);
      return c.body(null, 204);
    },
    pathIdHook(DRAMA_ID),
  )
  .openapi(
    changeFavourite(kinds.cast, 'post'),
    async (c) => {
      const me = currentUser(c).id;
      await addFavourite(await getDb(), me, 'cast', c.req.valid('param').id);
      return c.json(await readFavourites('cast', me), 201);
    },
    pathIdHook(PERSON_ID),
  )
  .openapi(
    changeFavourite(kinds.cast, 'delete'),
    async (c) => {
      await removeFavourite(await getDb(), currentUser(c).id, 'cast', c.req.valid('param').id);
      return c.body(null, 204);
    },
    pathIdHook(PERSON_ID),
  )
  .openapi(userFavourites(kinds.dramas), async (c) => c.json(await readFavourites('dramas', c.req.valid('param').id), 200), userHook)
  .openapi(userFavourites(kinds.cast), async (c) => c.json(await readFavourites('cast', c.req.valid('param').id), 200), userHook);
