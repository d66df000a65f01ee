/**
 * English sentiment lexicon written for ATLAS: word -> valence on a -3..3 scale, tuned for news
 * (where "attack" or "killed" carry tone and "said" carries none). Inflected forms are listed
 * where they differ in more than a trailing -s; matching is on lower-cased tokens.
 */

const entries = (valence: number, text: string): [string, number][] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => [word, valence]);

export const SENTIMENT_LEXICON: ReadonlyMap<string, number> = new Map([
  ...entries(
    3,
    `excellent outstanding superb triumph triumphant breakthrough wonderful delighted thrilled
     celebrate celebrated celebrates celebrating jubilant brilliant extraordinary landmark historic`,
  ),
  ...entries(
    2,
    `good great success successful succeed succeeded win wins won winning victory victorious
     improve improved improves improvement improving gain gains gained growth grow grew boost
     boosted boosts benefit benefits beneficial welcome welcomed welcomes praise praised praises
     hope hopeful optimistic optimism strong stronger strongest recovery recover recovered
     recovering rescue rescued saved save safe safely support supported peace peaceful
     progress positive happy pleased proud record-breaking innovative innovation
     achieve achieved achievement award awarded honoured honored cure cured approve approved
     approval thriving thrive surge surged rally rallied rebound rebounded relief effective
     love loved best better healthy upbeat promising solved resolve resolved resolution`,
  ),
  ...entries(
    1,
    `calm stable stability steady ease eased easing help helped helps helping protect protected
     fair secure secured reform expand expanded expansion rise rose agreement agreed deal launch launched open opened
     reopen reopened partnership cooperation cooperate confident confidence clear fix fixed
     restore restored upgrade upgraded reached unveil unveiled`,
  ),
  ...entries(
    -1,
    `concern concerns concerned worry worried worries doubt doubts uncertain uncertainty risk
     risks risky delay delayed delays slow slowed slowdown decline declined declines fall fell
     drop dropped drops cut cuts cutting weak weaker warn warned warning warnings problem problems
     issue dispute disputed criticise criticised criticize criticized criticism questioned
     difficult tension tensions pressure volatile lower loss losses protest protests protesters
     strike strikes shortage shortages struggle struggled struggling unclear controversial
     controversy complaint complaints fined investigation probe suspended suspend`,
  ),
  ...entries(
    -2,
    `bad worse poor fail failed fails failure crisis threat threats threaten threatened
     threatening damage damaged damages injured injuries injury hurt fear fears feared angry anger
     outrage outraged accused accuse accuses allegation allegations fraud corruption corrupt
     scandal lawsuit sued arrest arrested arrests illegal violation violations violent violence
     clash clashes clashed conflict unrest riot riots crash crashed crashes collapse collapsed
     flood floods flooding fire fires wildfire wildfires storm outbreak disease sick shortage
     recession layoffs layoff laid-off bankrupt bankruptcy plunge plunged plunges slump slumped
     tumble tumbled sank sink condemn condemned condemns denied deny reject rejected rejects
     hostile sanctions sanction devastating devastated devastate destroyed destroy destruction
     ruin ruined ruinous betrayal betrayed bankruptcies
     evacuated evacuate evacuation missing victims victim grief mourning mourn sad tragic
     unemployment inflation debt deficit danger dangerous toxic polluted pollution emergency`,
  ),
  ...entries(
    -3,
    `killed kill kills killing dead death deaths died die dies dying murder murdered massacre
     war wars attack attacks attacked bombing bombed bomb explosion terror terrorist terrorism
     catastrophe catastrophic disaster disastrous tragedy horrific horrible terrible atrocity
     atrocities genocide famine earthquake tsunami shooting fatal hostage fatalities casualties
     hostages invasion invaded executed execution abuse abused torture tortured`,
  ),
]);

/** Words that flip the valence of what follows within a short window ("not good"). */
export const NEGATORS: ReadonlySet<string> = new Set(
  `not no never none nobody nothing neither nor without hardly barely scarcely cannot cant
   can't don't doesn't didn't isn't wasn't aren't weren't won't wouldn't shouldn't couldn't
   haven't hasn't hadn't dont doesnt didnt isnt wasnt arent werent wont wouldnt shouldnt
   couldnt havent hasnt hadnt`.split(/\s+/),
);

/** Multipliers for the next sentiment word. */
export const INTENSIFIERS: ReadonlyMap<string, number> = new Map([
  ...`very extremely highly deeply hugely massively incredibly really so too most truly
      particularly especially exceptionally severely seriously badly sharply strongly greatly
      utterly totally completely absolutely`
    .split(/\s+/)
    .filter(Boolean)
    .map((word): [string, number] => [word, 1.3]),
  ...`slightly somewhat marginally mildly fairly rather partly partially barely modestly`
    .split(/\s+/)
    .filter(Boolean)
    .map((word): [string, number] => [word, 0.6]),
]);
