/**
 * Function words per language, written for ATLAS (no third-party list copied). Used for language
 * detection (overlap with each list) and to drop non-content words from summaries and tags.
 * Lists are lower case, without accents stripped: matching is on lower-cased tokens.
 */

export const DETECTABLE_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it'] as const;
export type DetectableLanguage = (typeof DETECTABLE_LANGUAGES)[number];

const words = (text: string): ReadonlySet<string> => new Set(text.split(/\s+/).filter(Boolean));

export const STOPWORDS: Readonly<Record<DetectableLanguage, ReadonlySet<string>>> = {
  en: words(`
    a about above after again against all also am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it
    its itself just me more most my myself no nor not now of off on once only or other our ours
    out over own same she should so some such than that the their theirs them then there these
    they this those through to too under until up very was we were what when where which while
    who whom why will with would you your yours yet however whether though although since via
    per among upon onto within without across around amid toward towards would may might must
    shall cannot its it's i'm we're they're don't didn't doesn't won't isn't aren't wasn't
  `),
  es: words(`
    el la los las un una unos unas y o pero que de del al en con por para sin sobre entre hasta
    desde es son fue fueron ser estar está están era eran ha han había se su sus lo le les me te
    nos mi tu muy más menos también ya como cuando donde porque pues este esta estos estas ese esa
    esos esas aquel eso esto hay ni si no según tras durante ante bajo contra cada otro otra otros
    nuestro nuestra sido siendo tiene tienen fue será serán dijo mientras aunque todo todos toda
  `),
  fr: words(`
    le la les un une des et ou mais que qui quoi de du au aux en dans par pour sur sous avec sans
    entre vers chez est sont était étaient été être avoir a ont avait ce cet cette ces se sa son
    ses leur leurs il elle ils elles nous vous on je tu ne pas plus moins aussi très comme quand
    où parce lors selon après avant pendant depuis contre dont y cela ceci tout tous toute toutes
    même été fait sera seront d l qu n s c j m
  `),
  de: words(`
    der die das den dem des ein eine einer eines einem einen und oder aber dass daß wenn weil als
    wie auch noch nur schon sehr mit von zu zum zur bei nach aus für über unter gegen ohne durch
    um an auf in im ist sind war waren wird werden wurde wurden hat haben hatte sein seine ihr
    ihre er sie es wir ihr ich du man nicht kein keine sich dieser diese dieses jener doch so
    bis seit während vom beim am mehr laut sagte sowie
  `),
  pt: words(`
    o a os as um uma uns umas e ou mas que de do da dos das no na nos nas em com por para pelo
    pela pelos pelas sem sobre entre até desde é são foi foram ser estar está estão era eram há
    tem têm tinha se seu sua seus suas ele ela eles elas nós você não mais menos também já como
    quando onde porque este esta estes estas esse essa isso isto aquele muito segundo após durante
    contra cada outro outra ao aos à às disse será serão
  `),
  it: words(`
    il lo la i gli le un uno una e o ma che di del dello della dei degli delle a al allo alla ai
    agli alle da dal dalla dai in nel nello nella nei negli nelle con su sul sulla per tra fra
    senza è sono era erano fu stato stata essere avere ha hanno aveva si suo sua suoi sue lui lei
    loro noi voi non più meno anche già come quando dove perché questo questa questi queste quello
    quella molto secondo dopo durante contro ogni altro altra ci ne ed detto sarà saranno
  `),
};

/**
 * English words that are frequent in news but say nothing about the topic; dropped from tags
 * and from summary term weights on top of the stopwords.
 */
export const EN_NEWS_FILLER: ReadonlySet<string> = words(`
  said says say saying told tell added according reported report reports reporting news
  year years month months week weeks day days today yesterday tomorrow time times people
  percent per cent including include includes included new also like just one two three four
  five six seven eight nine ten first second last next many much several number numbers part
  made make makes making take took taken going get got would could should will may might
  mr mrs ms dr thing things way ways lot well still even back since around told statement
  monday tuesday wednesday thursday friday saturday sunday january february march april june
  july august september october november december officials official spokesperson spokesman
  spokeswoman asked known called set put end begin began come came see seen use used least
  among whose than more most less
`);
