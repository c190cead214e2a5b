// What the demo's commenters say (issue 20): a few lines each, in the voices of a drama site's
// regulars. Placeholders: {title} the drama, {ep} an episode number, {name} a profile owner's first
// name, {mention} another member's @username, {link} a plain https link. Inline spoilers are written
// as the contract has them: ||hidden text||.

/** top-level comments on a drama */
export const DRAMA_COMMENTS = [
  'Just finished {title} and I need a minute. The pacing in the last four episodes was perfect.',
  'The chemistry between the leads carries this whole drama. Every scene they share just works.',
  'I started {title} for the cast and stayed for the soundtrack. That OST has been on repeat all week.',
  'Episode {ep} is where it finally clicked for me. Slow start, but stick with it.\nTrust me, it pays off.',
  'Does anyone else think the second lead deserved better? I was rooting for him from episode one.',
  'The cinematography is gorgeous. Half the shots could be paintings.',
  'Came for a light rom-com, got emotionally destroyed instead. 10/10 would cry again.',
  'Honestly the middle dragged a bit for me, but the ending made up for it.',
  'My mum and I watch this together every weekend. She yells at the villain more than I do.',
  'The side characters are the real stars here. I would watch a whole spin-off about the office team.',
  'Rewatching {title} for the third time and still noticing little details I missed.',
  'That rooftop scene in episode {ep}... I had to pause and walk around the room.',
  'Not my usual genre, but the writing is so sharp that I could not stop.',
  'Can we talk about the wardrobe? Every outfit is a mood.',
  'I wish more dramas had endings this satisfying. No loose threads, no rushed last episode.',
  'The villain is so well written that I almost understood him. Almost.',
  'Dropped it once at episode 3, came back a year later and binged the rest in two days.',
  'The found-family vibes in this one are everything.',
  'Anyone know where it was filmed? The seaside town looks unreal.',
  'Ten out of ten for the acting, seven out of ten for the plot. Still recommending it to everyone.',
  'The flashback episodes are beautifully done. They explain so much without spelling it out.',
  'I laughed, I cried, I ate an entire box of tissues worth of snacks.\nGreat weekend.',
  'Is it just me or does the soundtrack sound like a movie score? Goosebumps every time.',
  'Watching with subtitles at 2 a.m. again. This drama has ruined my sleep schedule.',
] as const;

/** whole comments that give the story away: stored with spoiler: true */
export const SPOILER_COMMENTS = [
  'I cannot believe the mentor was the one behind everything. The clues were there since episode {ep}!',
  'The time skip at the end really got me. Five years apart and they still found each other.',
  'So the letters were from her brother all along? I need to rewatch with that in mind.',
  'Killing off the best friend in episode {ep} was cruel. I am still not over it.',
  'The twist that the two families were connected changes how every earlier scene reads.',
  'They really made the detective the culprit. I yelled at my screen for five minutes.',
  'The wedding in the finale was worth every tear of the previous fifteen episodes.',
] as const;

/** comments with an inline spoiler in ||…|| */
export const INLINE_SPOILER_COMMENTS = [
  'Episode {ep} was intense. ||The hospital scene|| had me in tears.',
  'I knew something was off about the new teacher. ||He was the missing son the whole time!||',
  'The finale of {title} is bittersweet: ||they end up apart, but it feels right||.',
  'Loved the ending, but ||the grandmother deserved a goodbye scene||.',
  'Whoever wrote ||the confession in the rain|| knew exactly what they were doing.',
  'Still thinking about ||that empty chair at the last dinner||. Quietly devastating.',
  'No spoilers, but keep an eye on the watch. ||It is the key to the whole mystery.||',
] as const;

/** top-level comments that mention another member */
export const MENTION_COMMENTS = [
  '{mention} you were right, this one is even better than the last drama you recommended!',
  'Adding {title} to my list because {mention} would not stop talking about it.',
  '{mention} have you reached episode {ep} yet? I need someone to talk to about it.',
  'Watching this because of {mention}. No regrets so far.',
] as const;

/** top-level comments with a plain link */
export const LINK_COMMENTS = [
  'If you liked the soundtrack, the full OST playlist is here: {link}',
  'There is a good interview with the director about the filming: {link}',
  'For anyone curious about the history behind it, this helped me a lot: {link}',
] as const;

export const LINKS = [
  'https://en.wikipedia.org/wiki/Korean_drama',
  'https://www.youtube.com/results?search_query=drama+ost',
  'https://en.wikipedia.org/wiki/Joseon',
  'https://www.imdb.com/interviews/',
] as const;

/** replies to a comment (drama or profile) */
export const REPLIES = [
  'Completely agree!',
  'Same here. That scene lives in my head rent-free.',
  'I felt the opposite, but I get why people love it.',
  'This is exactly how I felt. Thank you for putting it into words.',
  '{mention} you have to read this comment.',
  'Wait until you get to the ending. It only gets better.',
  'Haha, my whole family reacted the same way.',
  'Good point. I never thought about it like that.',
  'The second half is so much stronger, give it a chance!',
  'Yes!! Finally someone said it.',
  'I rewatched that episode last night because of this comment.',
  'Hard disagree on the middle part, but the rest, absolutely.',
  'Me at 3 a.m. saying "just one more episode" for the fifth time.',
  'Careful, ||the last episode|| will break you.',
] as const;

/** comments on a member's profile */
export const PROFILE_COMMENTS = [
  'Hi {name}! Your list is full of great picks. Any recommendations for a first historical drama?',
  'Thanks for the recommendation last week, {name}. I finished it in three days!',
  'We have almost the same top five. Great taste!',
  'Your reviews always help me decide what to watch next. Keep them coming.',
  'Happy to find another thriller fan here. Have you seen anything good lately?',
  'Your plan-to-watch list is longer than mine, and I did not think that was possible.',
  '{name}, you need to start the new one airing on Fridays. It is right up your alley.',
  'Followed you for the romance recommendations, stayed for the hot takes.',
] as const;

/** an unmarked spoiler that a member reported (the demo's one open report) */
export const REPORTED_COMMENT = 'LOL everyone is so invested, but the lead dies in the last episode and nobody warned me. Enjoy!';
