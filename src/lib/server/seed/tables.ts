// The columns the seed writes, table by table (names as in the migrations: snake_case).
import type { TableSpec } from './batch-insert.ts';

const spec = (table: string, columns: string): TableSpec => ({
  table,
  columns: columns.split(/\s*,\s*/).map((c) => c.split(' ') as [string, string]),
});

export const TABLES = {
  genres: spec('genres', 'id int4, name text'),
  tags: spec('tags', 'id int4, name text'),
  people: spec(
    'people',
    'id int4, name text, native_name text, also_known_as text[], biography text, gender person_gender, ' +
      'nationality text[], date_of_birth date, image text, created_at timestamptz, updated_at timestamptz',
  ),
  dramas: spec(
    'dramas',
    'id int4, title text, original_title text, native_titles text[], also_known_as text[], synopsis text, ' +
      'type drama_type, status drama_status, country text, year int2, episodes int2, duration int2, aired_start date, ' +
      'aired_end date, broadcast text, network text, content_rating text, poster_image text, banner_image text, ' +
      'main_photo text, thumbnail text, created_at timestamptz, updated_at timestamptz',
  ),
  dramaGenres: spec('drama_genres', 'drama_id int4, genre_id int4'),
  dramaTags: spec('drama_tags', 'drama_id int4, tag_id int4'),
  dramaPhotos: spec('drama_photos', 'id int4, drama_id int4, url text, caption text, position int2'),
  episodes: spec('episodes', 'id int4, drama_id int4, number int2, title text, air_date date, runtime int2'),
  credits: spec('credits', 'id int4, drama_id int4, person_id int4, role_type credit_role, role_name text, position int2'),
  users: spec(
    'users',
    'id int4, email text, username text, full_name text, bio text, role user_role, password_hash text, ' +
      'email_verified_at timestamptz, created_at timestamptz, updated_at timestamptz, avatar text, cover_photo text, username_skeleton text',
  ),
  listEntries: spec(
    'list_entries',
    'id int4, user_id int4, drama_id int4, status list_status, score int2, progress int4, notes text, ' +
      'rewatch_count int2, started_at date, finished_at date, created_at timestamptz, updated_at timestamptz',
  ),
  listEntryCycles: spec('list_entry_cycles', 'user_id int4, drama_id int4, cycle int2, started_at date, finished_at date, closed_at timestamptz'),
  activities: spec(
    'activities',
    'id int4, user_id int4, drama_id int4, kind activity_kind, new_status list_status, score int2, progress int4, ' +
      'previous_status list_status, previous_score int2, previous_progress int4, cycle int2, created_at timestamptz',
  ),
  personHearts: spec('person_hearts', 'user_id int4, person_id int4, created_at timestamptz'),
  favouriteDramas: spec('favourite_dramas', 'user_id int4, drama_id int4, created_at timestamptz'),
  favouritePeople: spec('favourite_people', 'user_id int4, person_id int4, created_at timestamptz'),
  follows: spec('follows', 'follower_id int4, followee_id int4, created_at timestamptz'),
  comments: spec(
    'comments',
    'id int4, user_id int4, drama_id int4, profile_user_id int4, parent_id int4, content text, spoiler bool, created_at timestamptz, edited_at timestamptz',
  ),
  commentReactions: spec('comment_reactions', 'id int4, user_id int4, comment_id int4, type reaction_type, created_at timestamptz'),
  reports: spec(
    'reports',
    'id int4, reporter_id int4, target_type report_target, target_id int4, reason report_reason, note text, status report_status, created_at timestamptz',
  ),
  posts: spec(
    'posts',
    'id int4, author_id int4, kind post_kind, parent_id int4, content text, spoiler bool, reply_control reply_control, ' +
      'created_at timestamptz, edited_at timestamptz, deleted_at timestamptz',
  ),
  postLikes: spec('post_likes', 'user_id int4, post_id int4, created_at timestamptz'),
  postReposts: spec('post_reposts', 'user_id int4, post_id int4, created_at timestamptz'),
} as const;

/** Tables whose identity sequences must follow the explicit ids the seed writes. */
export const TABLES_WITH_IDENTITY = [
  'genres', 'tags', 'people', 'dramas', 'drama_photos', 'episodes', 'credits', 'users', 'list_entries', 'activities',
] as const;

/** What `--force` empties: the catalogue, the members and everything that hangs off them. */
export const SEEDED_TABLES = [
  'dramas', 'people', 'genres', 'tags', 'credits', 'drama_genres', 'drama_tags', 'drama_photos', 'episodes', 'users',
] as const;
