/**
 * Risk lexicon written for ATLAS: term -> weight (how strongly its presence suggests a story
 * about harm to people, property or stability). Scores add up with diminishing returns per term
 * (see offline/risk.ts). Mitigation terms subtract: "contained", "ceasefire" and drills lower
 * the risk of a story that otherwise reads as an emergency.
 */

const entries = (weight: number, text: string): [string, number][] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((term) => [term, weight]);

export const RISK_TERMS: ReadonlyMap<string, number> = new Map([
  ...entries(
    14,
    `killed kill kills killing massacre genocide bombing bombed airstrike airstrikes missile missiles invasion
     invaded war earthquake tsunami pandemic epidemic explosion explosions terrorist terrorism
     shooting casualties fatalities dead deaths death-toll famine nuclear hostages`,
  ),
  ...entries(
    10,
    `attack attacks attacked violence violent conflict fighting troops offensive shelling gunmen
     outbreak wildfire wildfires hurricane cyclone typhoon tornado flood floods flooding
     landslide eruption crash crashed collapse collapsed derailed derailment riot riots
     evacuation evacuated evacuate emergency disaster catastrophe injured injuring injures
     wounded wounding drowned collapsing crashes crashing erupted exploded
     kidnapped abducted coup insurgents militants rebels cholera ebola measles mpox`,
  ),
  ...entries(
    6,
    `clash clashes clashed unrest protest protests protesters strike strikes threat threats
     threatened sanctions blockade shortage shortages drought heatwave storm storms cyberattack
     ransomware breach hacked hack leak arrested arrests detained missing injury injuries
     infection infections virus contamination toxic spill recall recalls fire fires blaze
     militia weapons weapon border tension tensions crisis`,
  ),
  ...entries(
    3,
    `warning warned warns risk risks danger dangerous recession default bankruptcy layoffs
     inflation volatility fraud scandal lawsuit investigation probe alert alerts vulnerability
     outage outages disruption disrupted delay delays`,
  ),
]);

export const MITIGATION_TERMS: ReadonlyMap<string, number> = new Map([
  ...entries(
    8,
    `ceasefire truce contained extinguished rescued drill exercise simulation rehearsal
     false-alarm`,
  ),
  ...entries(
    4,
    `recovered recovery reopened resumed restored lifted eased easing peace agreement
     treaty vaccine vaccination cure safely unharmed averted`,
  ),
]);

/** Nouns that, after a number, count casualties ("12 people killed", "300 injured"). */
export const CASUALTY_WORDS: ReadonlySet<string> = new Set(
  `killed dead died deaths injured wounded missing hurt casualties fatalities victims drowned
   displaced evacuated homeless killing injuring wounding`.split(/\s+/),
);
