/**
 * Text signals written for ATLAS, used by the credibility, reality-type and engagement
 * heuristics. Phrases are lower case and matched on word boundaries.
 */

const list = (text: string): readonly string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Hedges and unverified attribution: the claim is not pinned to a named source. */
export const HEDGES = list(`
  reportedly
  allegedly
  unconfirmed
  rumoured
  rumored
  rumour
  rumor
  it is believed
  it is thought
  sources say
  sources said
  according to sources
  unnamed sources
  could not be verified
  could not be independently verified
  cannot be verified
  claims
  may have
  appears to
  is said to
`);

/** Sensational, clickbait phrasing. */
export const CLICKBAIT = list(`
  you won't believe
  you will not believe
  shocking
  what happened next
  this one trick
  goes viral
  went viral
  jaw-dropping
  mind-blowing
  will blow your mind
  must see
  must-see
  insane
  unbelievable
  secret they don't want
  doctors hate
  click here
`);

/** First-person and argumentative markers typical of opinion writing. */
export const OPINION_MARKERS = list(`
  in my view
  in my opinion
  i think
  i believe
  i would argue
  i argue
  we must
  we should
  it is time to
  it's time to
  opinion
  op-ed
  editorial
  commentary
  column
  let us be clear
  let's be clear
  make no mistake
`);

/** Satire and fiction markers. */
export const SATIRE_MARKERS = list(`
  satire
  satirical
  parody
  spoof
  this article is fiction
  work of fiction
  fictional
  april fools
`);

/** Words that signal a developing or fresh story. */
export const RECENCY_MARKERS = list(`
  breaking
  just in
  live
  developing
  update
  updated
  latest
  today
  tonight
  this morning
  minutes ago
  hours ago
  now
`);
