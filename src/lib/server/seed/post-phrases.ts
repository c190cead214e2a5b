// What the demo's members post on the community feed (issue 21): short lines in the voices of a drama
// site's regulars. Placeholders: {title} a drama the home page shows, {ep} an episode number,
// {mention} another member's @username, {link} a plain https link. Inline spoilers are written as
// the contract has them: ||hidden text||. Every line stays well under the 500-character limit.

/** top-level posts */
export const POSTS = [
  'Started {title} last night and accidentally watched five episodes. Send help.',
  'Hot take: a drama with a great OST can get away with a slow middle. {title} proves it.',
  'What are you all watching this weekend? I need something cosy after a long week.',
  'The way {title} uses rain in every big scene is so intentional and I love it.',
  'Finally caught up on {title}. Weekly releases are testing my patience.',
  'Rating dramas by how many times I paused to scream: {title} is a solid eight.',
  'Give me a grumpy lead who secretly cares and I will watch anything.',
  'Rewatch season! Which drama do you go back to when you need comfort?',
  'The second lead in {title} deserves his own show. I will not be taking questions.',
  'Subtitles came out an hour after the episode aired. We are spoiled.',
  'Just added ten dramas to my plan-to-watch list. The list only ever grows.',
  'Episode {ep} of {title} had the best cliffhanger of the year so far.',
  'I judge a drama by its first kiss scene and {title} passed with flying colours.',
  'Found-family dramas are my weakness. Recommendations welcome!',
  'The fashion in {title} is unreal. Every outfit could be a poster.',
  'Watching {title} with my sister and she has guessed every twist. Who raised her?',
  'Historical dramas with political scheming > everything else. Fight me.',
  'Tonight: tea, blanket, and the last two episodes of {title}. Do not disturb.',
  'The mother in {title} is the scariest villain on TV right now.',
  'I miss when dramas had sixteen episodes and a clean ending. Still loving {title} though.',
  'Every time the theme song of {title} plays I get goosebumps.',
  'Office romance dramas are my guilty pleasure and I refuse to apologise.',
  'Thai dramas have been on a roll this year. What should I start next?',
  'Dropped a drama at episode 4 for the first time in years. Life is too short.',
  'The child actors in {title} are acting circles around the adults.',
  'Is anyone else watching {title} for the food scenes? I am hungry every episode.',
  'Three dramas in, and my watch list still says "watching" for all of them.',
  'Confession: I skip the openings but never the closing songs.',
] as const;

/** whole posts that give the story away: stored with spoiler: true */
export const SPOILER_POSTS = [
  'I cannot believe the detective was the killer in {title}. Every clue makes sense now.',
  'The final episode of {title} brought them back together after the time skip and I sobbed.',
  'So the letters in {title} were written by the mother all along. I need to rewatch.',
  'They really killed off the best friend in episode {ep} of {title}. Still not okay.',
] as const;

/** posts with an inline spoiler */
export const INLINE_SPOILER_POSTS = [
  'Episode {ep} of {title}: ||the brother was alive the whole time|| and I screamed.',
  'The ending of {title} is bittersweet: ||they part ways but meet again years later||. Perfect.',
  'Without spoilers: watch until the end credits of {title}. With spoilers: ||there is a wedding||.',
  'I knew ||the secretary was the informant|| from the first episode of {title}. Called it.',
] as const;

/** posts naming another member */
export const MENTION_POSTS = [
  '{mention} you were right about {title}, the second half is so much better.',
  'Thanks {mention} for the recommendation, {title} is exactly my kind of drama.',
  'Watch party for {title} on Friday? {mention} is bringing snacks.',
  '{mention} what did you think of episode {ep}? I need to talk to someone.',
] as const;

/** posts with a link */
export const LINK_POSTS = [
  'The OST of {title} is finally out: {link}',
  'Great long read on why this year\'s dramas feel different: {link}',
  'Behind-the-scenes of {title} is worth a watch: {link}',
] as const;

/** replies in a thread */
export const POST_REPLIES = [
  'Completely agree!',
  'Same here, I could not stop watching.',
  'Adding it to my list right now.',
  'Hmm, I felt the middle dragged a bit, but the ending is worth it.',
  'You have to try the novel it is based on.',
  'This is the take I needed today.',
  'Episode {ep} is where it gets really good, hang in there.',
  'I had the exact same reaction!',
  'Respectfully, no. But I love the enthusiasm.',
  'The soundtrack alone deserves an award.',
  'Which platform are you watching it on?',
  'Okay you convinced me, starting tonight.',
  'The lead actor was also great in his previous drama.',
  'I keep telling everyone the same thing!',
  '{mention} have you seen this?',
  'Ha, my whole family is watching it now too.',
] as const;

/** a quote's own words over the quoted post */
export const QUOTES = [
  'This. A thousand times this.',
  'Adding my vote: absolutely worth it.',
  'Strong disagree, but I respect it.',
  'Saving this for when I finish the series.',
  'The best recommendation thread this week.',
  'Everyone needs to read this before starting {title}.',
] as const;

/** what the demo member posts themselves */
export const DEMO_POSTS = [
  'My first post here! Mostly watching romance and thrillers. Recommendations welcome.',
  'Just finished {title}. Thoughts in the replies.',
  'Is it too early for a rewatch of {title}? Asking for myself.',
  'Question for the Thai drama fans: where should a beginner start?',
] as const;

/** the post whose author limits replies to the members they follow */
export const FOLLOWING_ONLY_POST = 'Starting a small watch club for {title}: only people I follow can reply, so we keep it spoiler-free.';
/** the post nobody may reply to */
export const NOBODY_POST = 'Announcement: I am taking a break from dramas until my exams are over. No replies needed, see you soon!';
