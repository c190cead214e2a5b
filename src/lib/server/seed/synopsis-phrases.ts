// Phrases for synopses, by mood. Placeholders: {L1} {L2} lead names, {G1} {G2} their given names,
// {J1} {J2} jobs, {T1} {T2} traits, {city}; pronouns {he1} {him1} {his1} (and 2) follow each lead's gender.
import type { Mood } from './taxonomy.ts';

type Story = Exclude<Mood, 'show'>;

export const TRAITS = [
  'stubborn', 'warm-hearted', 'ambitious', 'cynical', 'cheerful', 'reserved', 'brilliant but awkward', 'hot-tempered',
  'quiet', 'fearless', 'perfectionist', 'penniless', 'free-spirited', 'lonely', 'easygoing', 'sharp-tongued',
];

export const JOBS: Record<Story, readonly string[]> = {
  romance: ['webtoon artist', 'florist', 'pastry chef', 'flight attendant', 'marketing manager', 'wedding planner', 'veterinarian',
    'translator', 'architect', 'barista', 'radio DJ', 'fashion designer', 'bookshop owner', 'photographer', 'piano teacher'],
  dark: ['homicide detective', 'forensic psychiatrist', 'investigative reporter', 'public prosecutor', 'former special agent',
    'crime profiler', 'hacker', 'night-shift paramedic', 'insurance investigator', 'coroner'],
  historical: ['royal guard', 'court physician', 'palace servant', 'exiled noble', 'scholar', 'travelling merchant', 'royal spy',
    'court painter', 'sword master', 'magistrate'],
  fantasy: ['nine-tailed fox', 'grim reaper', 'immortal', 'fallen god', 'shaman', 'time traveller', 'spirit hunter',
    'cursed heir', 'ordinary office worker', 'goblin'],
  bright: ['high school student', 'aspiring idol', 'convenience store clerk', 'rookie teacher', 'single parent',
    'university freshman', 'part-time cook', 'retired footballer', 'village doctor', 'struggling musician'],
  work: ['surgeon', 'rookie lawyer', 'chaebol heir', 'emergency doctor', 'team leader', 'judge', 'startup founder',
    'prosecutor', 'newspaper editor', 'hotel manager'],
  action: ['bodyguard', 'undercover cop', 'former assassin', 'boxer', 'stunt performer', 'special forces captain',
    'getaway driver', 'bounty hunter'],
};

export const OPENINGS: Record<Story, readonly string[]> = {
  romance: [
    '{L1} is a {T1} {J1} in {city} who gave up on love a long time ago.',
    '{L1}, a {T1} {J1}, has a ten-year plan and no room in it for romance.',
    'After a painful breakup, {L1}, a {T1} {J1}, moves back to {city} to start over.',
    '{L1} is a {T1} {J1} who believes that love is something that happens to other people.',
  ],
  dark: [
    '{L1} is a {T1} {J1} in {city} haunted by the one case {he1} never solved.',
    'Fifteen years after {his1} sister disappeared, {L1} is a {T1} {J1} who trusts no one.',
    '{L1}, a {T1} {J1}, wakes up next to a body with no memory of the night before.',
    'On the surface, {L1} is a {T1} {J1} with a quiet life in {city}.',
  ],
  historical: [
    'In a kingdom on the brink of war, {L1} is a {T1} {J1} who keeps {his1} head down and {his1} secrets close.',
    '{L1}, a {T1} {J1}, has waited years to avenge {his1} family.',
    'Born under an unlucky star, {L1} grows up to be a {T1} {J1} far from the capital.',
    '{L1} is a {T1} {J1} who serves the throne by day and a rebel cause by night.',
  ],
  fantasy: [
    '{L1} is a {T1} {J1} who has never believed in ghosts, fate or anything {he1} cannot see.',
    'Every night at midnight, {L1}, a {T1} {J1}, wakes up in a different year.',
    '{L1}, a {T1} {J1}, has been cursed to remember every one of {his1} past lives.',
    'On {his1} thirtieth birthday, {L1}, a {T1} {J1}, discovers {he1} can see the spirits of the dead.',
  ],
  bright: [
    '{L1} is a {T1} {J1} with big dreams and an even bigger pile of debts.',
    '{L1}, a {T1} {J1}, is the most ordinary person in {city}, or so {he1} thinks.',
    'When the family restaurant in {city} is about to close, {L1}, a {T1} {J1}, decides to save it.',
    '{L1} is a {T1} {J1} who just wants a quiet year.',
  ],
  work: [
    '{L1} is a {T1} {J1} known for never losing and never smiling.',
    'On {his1} first day, {L1}, a {T1} {J1}, makes a mistake that the whole of {city} hears about.',
    '{L1}, a {T1} {J1}, climbed to the top by playing by the rules.',
    'At the best hospital in {city}, {L1} is a {T1} {J1} with a gift and a temper.',
  ],
  action: [
    '{L1} is a {T1} {J1} who left the underworld of {city} behind, or tried to.',
    '{L1}, a {T1} {J1}, has one rule: never get involved.',
    'After a mission goes wrong, {L1}, a {T1} {J1}, is framed for a crime {he1} did not commit.',
  ],
};

export const MEETINGS: Record<Story, readonly string[]> = {
  romance: [
    'Everything changes when {he1} crosses paths with {L2}, a {T2} {J2} who turns {his1} world upside down.',
    'A chance encounter on a rainy night ties {his1} fate to {L2}, a {T2} {J2} with a secret of {his2} own.',
    'When a contract forces {him1} to work with {L2}, a {T2} {J2}, sparks fly from the first meeting.',
    'Then {L2}, a {T2} {J2} and {his1} first love, walks back into {his1} life.',
  ],
  dark: [
    'When a body is found on the banks of the river, {he1} is forced to team up with {L2}, a {T2} {J2}.',
    'A string of murders that mirror an old case draws {him1} to {L2}, a {T2} {J2} who knows more than {he2} says.',
    '{His1} search for the truth leads {him1} to {L2}, a {T2} {J2} hiding a dangerous secret.',
  ],
  historical: [
    '{His1} path crosses that of {L2}, a {T2} {J2} with a price on {his2} head.',
    'A chance meeting at the spring festival binds {him1} to {L2}, a {T2} {J2} who is not who {he2} claims to be.',
    'When {he1} saves the life of {L2}, a {T2} {J2}, {he1} is pulled into the deadly politics of the court.',
  ],
  fantasy: [
    'For nine hundred years, {L2}, a {T2} {J2}, has waited for one person, and {G1} is not what {he2} expected.',
    'Then {L2}, a {T2} {J2}, appears at {his1} door claiming they are bound by a promise made a thousand years ago.',
    'A strange contract with {L2}, a {T2} {J2}, gives {him1} one hundred days to change {his1} fate.',
  ],
  bright: [
    'Enter {L2}, a {T2} {J2} who moves into the room next door and refuses to leave {him1} alone.',
    'Help comes from an unlikely place: {L2}, a {T2} {J2} with no experience and endless optimism.',
    'Then {he1} meets {L2}, a {T2} {J2} who has the same dream and none of the doubts.',
  ],
  work: [
    'Then {he1} is paired with {L2}, a {T2} {J2} who does everything by instinct.',
    'When {L2}, a {T2} {J2}, arrives with a case nobody wants, {his1} perfect record is on the line.',
    'A scandal brings {him1} face to face with {L2}, a {T2} {J2} and {his1} fiercest rival.',
  ],
  action: [
    'The only person who believes {him1} is {L2}, a {T2} {J2} with nothing left to lose.',
    'When {L2}, a {T2} {J2}, asks for protection, {he1} breaks that rule.',
  ],
};

export const TURNS: Record<Story, readonly string[]> = {
  romance: [
    'But old wounds, a jealous rival and a family secret stand between them.',
    'As they grow closer, a secret from the past threatens to tear them apart.',
    'Neither of them is ready for the feelings that follow.',
  ],
  dark: [
    'As the body count rises, the line between hunter and hunted begins to blur.',
    'Every clue points back to someone they trust.',
    'The closer they get to the truth, the more dangerous it becomes.',
  ],
  historical: [
    'Caught between loyalty to the throne and their own hearts, they must decide what they are willing to sacrifice.',
    'Palace intrigue, old grudges and a forbidden love put both their lives at stake.',
  ],
  fantasy: [
    'But every wish has a price, and fate does not like to be rewritten.',
    'As the boundary between the worlds weakens, an ancient enemy awakens.',
  ],
  bright: [
    'Together they find out that growing up is messier, and funnier, than they expected.',
    'Along the way, a group of misfits becomes something like a family.',
  ],
  work: [
    'Between life-and-death decisions and office politics, respect slowly turns into something more.',
    'Each case forces them to question what justice really means.',
  ],
  action: [
    'With enemies on both sides of the law, they have only each other.',
    'What begins as a job becomes a fight for survival.',
  ],
};

export const CLOSINGS: Record<Story, readonly string[]> = {
  romance: ['A heart-warming story about second chances.', 'A love story about timing, courage and the people we choose.'],
  dark: ['A tense thriller about guilt, justice and the lies people tell to survive.', 'Nobody is innocent.'],
  historical: ['An epic of love and ambition set against the fall of a dynasty.'],
  fantasy: ['A fantasy romance about fate, memory and the courage to choose.'],
  bright: ['A feel-good story about friendship, family and chasing dreams.'],
  work: ['An inside look at the people behind the job, and the lives they put on hold.'],
  action: ['Fast, brutal and surprisingly funny.'],
};
