// The API's wire types, inferred from its zod schemas (the modules beside this one): what the browser
// code reads and sends. Types only: importing this module brings no zod into a bundle. Browser code
// imports from here, always with `import type` (tests/unit/lib/wire-imports.test.ts checks it).
import type { z } from '@hono/zod-openapi';
import type {
  EmailRequestSchema,
  GoogleAuthorizeSchema,
  LoginFormSchema,
  MessageSchema,
  RegisterSchema,
  ResetPasswordSchema,
  TokenSchema,
  VerifyEmailSchema,
  RedeemSignInLinkSchema,
} from './accounts.ts';
import type { ErrorSchema, pagedSchema } from './common.ts';
import type {
  CastEntrySchema,
  DramaCardSchema,
  DramaFilterOptionsSchema,
  DramaPageSchema,
  DramaSchema,
  EpisodeSchema,
  RankedListSchema,
} from './dramas.ts';
import type { HeartStateSchema } from './hearts.ts';
import type {
  BlockedMemberSchema,
  BlockedPageSchema,
  BlockStateSchema,
  CommentAuthorSchema,
  CommentCreateSchema,
  CommentPageSchema,
  CommentCreatedSchema,
  CommentSchema,
  CommentUpdatedSchema,
  CommentUpdateSchema,
  ModerationReportSchema,
  ReactionCountsSchema,
  ReactionCreateSchema,
  ReactionSavedSchema,
  ReactionSchema,
  ReplySchema,
  ReportCreateSchema,
  ReportPageSchema,
  ReportResolveSchema,
  ReportSchema,
} from './comments.ts';
import type {
  MemberModerationActionSchema,
  MemberModerationPageSchema,
  MemberModerationResultSchema,
  MemberModerationSchema,
  ModeratedMemberSchema,
} from './editing.ts';
import type {
  FeedItemSchema,
  FeedPageSchema,
  LikeStateSchema,
  PostAuthorSchema,
  PostCreatedSchema,
  PostCreateSchema,
  PostDetailSchema,
  PostSchema,
  PostUpdateSchema,
  QuotedPostSchema,
  RepostStateSchema,
  ThreadSchema,
} from './social.ts';
import type { ActivityItemSchema, ActivityPageSchema } from './activity.ts';
import type { FavouriteCastSchema, FavouriteDramaSchema } from './favourites.ts';
import type {
  CycleSchema,
  EntryDetailSchema,
  EntrySaveSchema,
  HistoryItemSchema,
  ListEntrySchema,
  ListStatsSchema,
  ListStatusSchema,
  ListSummarySchema,
  ListWithOwnerSchema,
} from './lists.ts';
import type {
  FilmographyEntrySchema,
  FilmographySchema,
  PeopleFilterOptionsSchema,
  PersonPageSchema,
  PersonSchema,
  PersonSummarySchema,
} from './people.ts';
import type { UploadPurposeSchema, UploadRequestSchema, UploadTicketSchema } from './uploads.ts';
import type {
  CurrentUserSchema,
  FollowStateSchema,
  ProfileSavedSchema,
  ProfileUpdateSchema,
  ProfileViewsSchema,
  PublicUserSchema,
  UserPageSchema,
} from './users.ts';

/** A paged answer `{ items, total, page, size, pages }` of T. */
export type Page<T> = z.infer<ReturnType<typeof pagedSchema<z.ZodType<T>>>>;

// ---- answers ----
export type ApiError = z.infer<typeof ErrorSchema>;
export type Message = z.infer<typeof MessageSchema>;
export type AccessToken = z.infer<typeof TokenSchema>;
export type GoogleAuthorize = z.infer<typeof GoogleAuthorizeSchema>;
export type PublicUser = z.infer<typeof PublicUserSchema>;
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
export type ProfileSaved = z.infer<typeof ProfileSavedSchema>;
export type ProfileViews = z.infer<typeof ProfileViewsSchema>;
export type FollowState = z.infer<typeof FollowStateSchema>;
export type UserPage = z.infer<typeof UserPageSchema>;
export type UploadTicket = z.infer<typeof UploadTicketSchema>;
export type UploadPurpose = z.infer<typeof UploadPurposeSchema>;
export type DramaCard = z.infer<typeof DramaCardSchema>;
export type DramaPage = z.infer<typeof DramaPageSchema>;
export type RankedList = z.infer<typeof RankedListSchema>;
export type Drama = z.infer<typeof DramaSchema>;
export type Episode = z.infer<typeof EpisodeSchema>;
export type CastEntry = z.infer<typeof CastEntrySchema>;
export type DramaFilterOptions = z.infer<typeof DramaFilterOptionsSchema>;
export type PersonSummary = z.infer<typeof PersonSummarySchema>;
export type PersonPage = z.infer<typeof PersonPageSchema>;
export type Person = z.infer<typeof PersonSchema>;
export type FilmographyEntry = z.infer<typeof FilmographyEntrySchema>;
export type Filmography = z.infer<typeof FilmographySchema>;
export type PeopleFilterOptions = z.infer<typeof PeopleFilterOptionsSchema>;
export type HeartState = z.infer<typeof HeartStateSchema>;
export type ListStatus = z.infer<typeof ListStatusSchema>;
export type ListEntry = z.infer<typeof ListEntrySchema>;
export type ListEntryDetail = z.infer<typeof EntryDetailSchema>;
export type ViewingCycle = z.infer<typeof CycleSchema>;
export type ListEntryChange = z.infer<typeof HistoryItemSchema>;
export type ListSummary = z.infer<typeof ListSummarySchema>;
export type ListWithOwner = z.infer<typeof ListWithOwnerSchema>;
export type ListStats = z.infer<typeof ListStatsSchema>;
export type ActivityItem = z.infer<typeof ActivityItemSchema>;
export type ActivityPage = z.infer<typeof ActivityPageSchema>;
export type FavouriteDrama = z.infer<typeof FavouriteDramaSchema>;
export type FavouriteCast = z.infer<typeof FavouriteCastSchema>;
export type CommentAuthor = z.infer<typeof CommentAuthorSchema>;
export type ReactionCounts = z.infer<typeof ReactionCountsSchema>;
export type Comment = z.infer<typeof CommentSchema>;
export type CommentCreated = z.infer<typeof CommentCreatedSchema>;
export type Reply = z.infer<typeof ReplySchema>;
export type CommentPage = z.infer<typeof CommentPageSchema>;
export type CommentUpdated = z.infer<typeof CommentUpdatedSchema>;
export type Reaction = z.infer<typeof ReactionSchema>;
export type ReactionType = Reaction['type'];
export type ReactionSaved = z.infer<typeof ReactionSavedSchema>;
export type Report = z.infer<typeof ReportSchema>;
export type ModerationReport = z.infer<typeof ModerationReportSchema>;
export type ReportPage = z.infer<typeof ReportPageSchema>;
export type BlockState = z.infer<typeof BlockStateSchema>;
export type BlockedMember = z.infer<typeof BlockedMemberSchema>;
export type BlockedPage = z.infer<typeof BlockedPageSchema>;
export type PostAuthor = z.infer<typeof PostAuthorSchema>;
export type QuotedPost = z.infer<typeof QuotedPostSchema>;
export type Post = z.infer<typeof PostSchema>;
export type FeedItem = z.infer<typeof FeedItemSchema>;
export type FeedPage = z.infer<typeof FeedPageSchema>;
export type PostDetail = z.infer<typeof PostDetailSchema>;
export type Thread = z.infer<typeof ThreadSchema>;
export type PostCreated = z.infer<typeof PostCreatedSchema>;
export type LikeState = z.infer<typeof LikeStateSchema>;
export type RepostState = z.infer<typeof RepostStateSchema>;

// ---- requests (what the client sends: the schemas' input, before trimming) ----
export type LoginForm = z.input<typeof LoginFormSchema>;
export type RegisterRequest = z.input<typeof RegisterSchema>;
export type EmailRequest = z.input<typeof EmailRequestSchema>;
export type ResetPasswordRequest = z.input<typeof ResetPasswordSchema>;
export type VerifyEmailRequest = z.input<typeof VerifyEmailSchema>;
export type RedeemSignInLinkRequest = z.input<typeof RedeemSignInLinkSchema>;
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;
export type UploadRequest = z.input<typeof UploadRequestSchema>;
export type ListEntrySave = z.input<typeof EntrySaveSchema>;
export type CommentCreate = z.input<typeof CommentCreateSchema>;
export type CommentUpdate = z.input<typeof CommentUpdateSchema>;
export type ReactionCreate = z.input<typeof ReactionCreateSchema>;
export type ReportCreate = z.input<typeof ReportCreateSchema>;
export type ReportResolve = z.input<typeof ReportResolveSchema>;
export type PostCreate = z.input<typeof PostCreateSchema>;
export type PostUpdate = z.input<typeof PostUpdateSchema>;

// ---- catalogue editing (issue 22; ./editing.ts) ----
import type { DramaEditSchema, FieldLockSchema, PendingEditsSchema, PersonEditSchema, SuggestionSchema } from './editing.ts';
export type DramaEdit = z.input<typeof DramaEditSchema>;
export type PersonEdit = z.input<typeof PersonEditSchema>;
export type EditSuggestion = z.infer<typeof SuggestionSchema>;
export type FieldLock = z.infer<typeof FieldLockSchema>;
export type PendingEdits = z.infer<typeof PendingEditsSchema>;
// ---- catalogue edit review (issue 22; ./editing.ts): the moderation queue, history, a member's suggestions ----
import type { HistoryEntrySchema, HistoryPageSchema, SuggestionPageSchema, SuggestionSchema as ReviewSuggestionSchema } from './editing.ts';
export type ReviewSuggestion = z.infer<typeof ReviewSuggestionSchema>;
export type ReviewSuggestionPage = z.infer<typeof SuggestionPageSchema>;
export type EditHistoryEntry = z.infer<typeof HistoryEntrySchema>;
export type EditHistoryPage = z.infer<typeof HistoryPageSchema>;
// member moderation (contract "Moderating members", docs/decisions/038)
export type MemberModeration = z.input<typeof MemberModerationSchema>;
export type MemberModerationAction = z.infer<typeof MemberModerationActionSchema>;
export type MemberModerationPage = z.infer<typeof MemberModerationPageSchema>;
export type MemberModerationResult = z.infer<typeof MemberModerationResultSchema>;
export type ModeratedMember = z.infer<typeof ModeratedMemberSchema>;
