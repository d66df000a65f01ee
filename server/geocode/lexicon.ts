/**
 * Small hand-written word lists the geocoder needs beyond the GeoNames gazetteer: demonyms, AP
 * state abbreviations, extra country aliases, and the words that make a capitalised token *not*
 * a place (sentence-initial common words, personal titles, org heads). Written for ATLAS; kept
 * here so the rules in mentions.ts stay readable and the lists can grow without code changes.
 */

/** Demonyms and nationality adjectives -> ISO alpha-2. Weak evidence only (see geocoder.ts). */
export const DEMONYMS: Readonly<Record<string, string>> = {
  Afghan: 'AF',
  Afghans: 'AF',
  Albanian: 'AL',
  Algerian: 'DZ',
  American: 'US',
  Americans: 'US',
  Angolan: 'AO',
  Argentine: 'AR',
  Argentinian: 'AR',
  Armenian: 'AM',
  Armenians: 'AM',
  Australian: 'AU',
  Australians: 'AU',
  Austrian: 'AT',
  Azerbaijani: 'AZ',
  Bahraini: 'BH',
  Bangladeshi: 'BD',
  Belarusian: 'BY',
  Belgian: 'BE',
  Bolivian: 'BO',
  Bosnian: 'BA',
  Brazilian: 'BR',
  Brazilians: 'BR',
  British: 'GB',
  Briton: 'GB',
  Britons: 'GB',
  Bulgarian: 'BG',
  Burmese: 'MM',
  Cambodian: 'KH',
  Cameroonian: 'CM',
  Canadian: 'CA',
  Canadians: 'CA',
  Chilean: 'CL',
  Chinese: 'CN',
  Colombian: 'CO',
  Congolese: 'CD',
  Croatian: 'HR',
  Cuban: 'CU',
  Cypriot: 'CY',
  Czech: 'CZ',
  Danish: 'DK',
  Dutch: 'NL',
  Ecuadorian: 'EC',
  Egyptian: 'EG',
  Egyptians: 'EG',
  Emirati: 'AE',
  English: 'GB',
  Eritrean: 'ER',
  Estonian: 'EE',
  Ethiopian: 'ET',
  Ethiopians: 'ET',
  Filipino: 'PH',
  Filipinos: 'PH',
  // The adjective news uses ("the Philippine capital", eval:news dev).
  Philippine: 'PH',
  Finnish: 'FI',
  French: 'FR',
  Georgian: 'GE',
  German: 'DE',
  Germans: 'DE',
  Ghanaian: 'GH',
  Greek: 'GR',
  Greeks: 'GR',
  Guatemalan: 'GT',
  Haitian: 'HT',
  Haitians: 'HT',
  Honduran: 'HN',
  Hungarian: 'HU',
  Icelandic: 'IS',
  Indian: 'IN',
  Indians: 'IN',
  Indonesian: 'ID',
  Iranian: 'IR',
  Iranians: 'IR',
  Iraqi: 'IQ',
  Iraqis: 'IQ',
  Irish: 'IE',
  Israeli: 'IL',
  Israelis: 'IL',
  Italian: 'IT',
  Italians: 'IT',
  Ivorian: 'CI',
  Jamaican: 'JM',
  Japanese: 'JP',
  Jordanian: 'JO',
  Kazakh: 'KZ',
  Kenyan: 'KE',
  Kenyans: 'KE',
  Korean: 'KR',
  Kosovar: 'XK',
  Kuwaiti: 'KW',
  Kyrgyz: 'KG',
  Lao: 'LA',
  Latvian: 'LV',
  Lebanese: 'LB',
  Liberian: 'LR',
  Libyan: 'LY',
  Libyans: 'LY',
  Lithuanian: 'LT',
  Malagasy: 'MG',
  Malaysian: 'MY',
  Malian: 'ML',
  Maltese: 'MT',
  Mexican: 'MX',
  Mexicans: 'MX',
  Moldovan: 'MD',
  Mongolian: 'MN',
  Moroccan: 'MA',
  Mozambican: 'MZ',
  Namibian: 'NA',
  Nepali: 'NP',
  Nepalese: 'NP',
  Nicaraguan: 'NI',
  Nigerian: 'NG',
  Nigerians: 'NG',
  Nigerien: 'NE',
  'North Korean': 'KP',
  Norwegian: 'NO',
  Omani: 'OM',
  Pakistani: 'PK',
  Pakistanis: 'PK',
  Palestinian: 'PS',
  Palestinians: 'PS',
  Panamanian: 'PA',
  Paraguayan: 'PY',
  Peruvian: 'PE',
  Polish: 'PL',
  Portuguese: 'PT',
  Qatari: 'QA',
  Romanian: 'RO',
  Russian: 'RU',
  Russians: 'RU',
  Rwandan: 'RW',
  Salvadoran: 'SV',
  Saudi: 'SA',
  Saudis: 'SA',
  Scottish: 'GB',
  Senegalese: 'SN',
  Serbian: 'RS',
  Serbs: 'RS',
  Singaporean: 'SG',
  Slovak: 'SK',
  Slovenian: 'SI',
  Somali: 'SO',
  Somalis: 'SO',
  'South African': 'ZA',
  'South Korean': 'KR',
  'South Sudanese': 'SS',
  Spanish: 'ES',
  Spaniards: 'ES',
  'Sri Lankan': 'LK',
  Sudanese: 'SD',
  Swedish: 'SE',
  Swiss: 'CH',
  Syrian: 'SY',
  Syrians: 'SY',
  Taiwanese: 'TW',
  Tajik: 'TJ',
  Tanzanian: 'TZ',
  Thai: 'TH',
  Tunisian: 'TN',
  Turkish: 'TR',
  Turks: 'TR',
  Turkmen: 'TM',
  Ugandan: 'UG',
  Ukrainian: 'UA',
  Ukrainians: 'UA',
  Uruguayan: 'UY',
  Uzbek: 'UZ',
  Venezuelan: 'VE',
  Venezuelans: 'VE',
  Vietnamese: 'VN',
  Welsh: 'GB',
  Yemeni: 'YE',
  Yemenis: 'YE',
  Zambian: 'ZM',
  Zimbabwean: 'ZW',
};

/** Country names news uses that the ISO lists lack (alpha-2 -> names). */
export const EXTRA_COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  // England, Scotland, Wales and Northern Ireland come from GeoNames admin-1 (their own centres).
  GB: ['Britain', 'Great Britain', 'U.K.'],
  US: ['America', 'U.S.', 'U.S.A.', 'United States'],
  CD: ['DR Congo', 'DRC', 'Democratic Republic of Congo'],
  CG: ['Republic of Congo', 'Congo-Brazzaville'],
  CI: ['Ivory Coast'],
  CZ: ['Czech Republic', 'Czechia'],
  KR: ['South Korea'],
  KP: ['North Korea'],
  MM: ['Myanmar', 'Burma'],
  PS: ['Palestine', 'Palestinian territories'],
  RU: ['Russia'],
  SY: ['Syria'],
  IR: ['Iran'],
  TW: ['Taiwan'],
  VA: ['Vatican', 'Vatican City'],
  AE: ['UAE', 'Emirates'],
  NL: ['Holland', 'the Netherlands'],
  TR: ['Turkey', 'Turkiye', 'Türkiye'],
  VN: ['Vietnam'],
  LA: ['Laos'],
  BO: ['Bolivia'],
  VE: ['Venezuela'],
  TZ: ['Tanzania'],
  MD: ['Moldova'],
  BN: ['Brunei'],
  FM: ['Micronesia'],
  XK: ['Kosovo'],
};

/**
 * Country aliases that are ordinary words or person names in lower or title case, so they only
 * count in the exact spelling given (all caps, dotted).
 */
export const EXACT_CASE_ALIASES: ReadonlySet<string> = new Set([
  'US',
  'UK',
  'USA',
  'UAE',
  'DRC',
  'U.S.',
  'U.K.',
  'U.S.A.',
]);

/** US state abbreviations (AP style and postal) used as qualifiers: "Paris, Texas", "Paris, Tex.". */
export const US_STATE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  'Ala.': 'AL',
  'Ariz.': 'AZ',
  'Ark.': 'AR',
  'Calif.': 'CA',
  'Colo.': 'CO',
  'Conn.': 'CT',
  'Del.': 'DE',
  'Fla.': 'FL',
  'Ga.': 'GA',
  'Ill.': 'IL',
  'Ind.': 'IN',
  'Kan.': 'KS',
  'Kans.': 'KS',
  'Ky.': 'KY',
  'La.': 'LA',
  'Md.': 'MD',
  'Mass.': 'MA',
  'Mich.': 'MI',
  'Minn.': 'MN',
  'Miss.': 'MS',
  'Mo.': 'MO',
  'Mont.': 'MT',
  'Neb.': 'NE',
  'Nev.': 'NV',
  'N.H.': 'NH',
  'N.J.': 'NJ',
  'N.M.': 'NM',
  'N.Y.': 'NY',
  'N.C.': 'NC',
  'N.D.': 'ND',
  'Okla.': 'OK',
  'Ore.': 'OR',
  'Pa.': 'PA',
  'R.I.': 'RI',
  'S.C.': 'SC',
  'S.D.': 'SD',
  'Tenn.': 'TN',
  'Tex.': 'TX',
  'Vt.': 'VT',
  'Va.': 'VA',
  'Wash.': 'WA',
  'W.Va.': 'WV',
  'Wis.': 'WI',
  'Wyo.': 'WY',
  'D.C.': 'DC',
  AL: 'AL',
  AK: 'AK',
  AZ: 'AZ',
  AR: 'AR',
  CA: 'CA',
  CO: 'CO',
  CT: 'CT',
  DE: 'DE',
  FL: 'FL',
  GA: 'GA',
  HI: 'HI',
  ID: 'ID',
  IL: 'IL',
  IN: 'IN',
  IA: 'IA',
  KS: 'KS',
  KY: 'KY',
  LA: 'LA',
  ME: 'ME',
  MD: 'MD',
  MA: 'MA',
  MI: 'MI',
  MN: 'MN',
  MS: 'MS',
  MO: 'MO',
  MT: 'MT',
  NE: 'NE',
  NV: 'NV',
  NH: 'NH',
  NJ: 'NJ',
  NM: 'NM',
  NY: 'NY',
  NC: 'NC',
  ND: 'ND',
  OH: 'OH',
  OK: 'OK',
  OR: 'OR',
  PA: 'PA',
  RI: 'RI',
  SC: 'SC',
  SD: 'SD',
  TN: 'TN',
  TX: 'TX',
  UT: 'UT',
  VT: 'VT',
  VA: 'VA',
  WA: 'WA',
  WV: 'WV',
  WI: 'WI',
  WY: 'WY',
  DC: 'DC',
};

/**
 * Names news uses for a place whose GeoNames name differs ("New York" for New York City). Each
 * maps to the GeoNames name and country of the intended place; added as full-strength aliases.
 */
export const CITY_ALIASES: readonly { alias: string; name: string; cc: string }[] = [
  { alias: 'New York', name: 'New York City', cc: 'US' },
  { alias: 'Washington', name: 'Washington, D.C.', cc: 'US' },
  { alias: 'Washington DC', name: 'Washington, D.C.', cc: 'US' },
  { alias: 'Kiev', name: 'Kyiv', cc: 'UA' },
  { alias: 'Hong Kong', name: 'Hong Kong', cc: 'HK' },
  { alias: 'Mexico City', name: 'Mexico City', cc: 'MX' },
];

/**
 * Common English words that are also GeoNames place names (Nice, Reading, Mobile, Bath, Split,
 * Of, Police, March, Orange, Union...). At the start of a sentence they are read as words; mid
 * sentence, capitalised, they only count for large places (see COMMON_WORD_MIN_POPULATION).
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above across after again against ahead all almost also although always among an and ' +
    'another any are around as at away back bad bath be because been before behind being below ' +
    'best better between beyond big both bright but by can central chance clear close cold come ' +
    'commerce could day deal dear did do down during each early east eastern eight either else ' +
    'enterprise even ever every fair fall far fast few fine five for four free fresh from full ' +
    'gap general gold golden good grand great green had half happy hard has have he hear her ' +
    'here high his hope hot how however hull if in independence into is it its just justice ' +
    'kind last late latest least less liberty like little live long low made main major make ' +
    'many march may me mission mobile more most much must my near new next nice nine no ' +
    'none nor north northern not now of off office officials old on once one only or orange ' +
    'other our out over paradise peace people place plain police power pride prime progress ' +
    'reading record red rich right rock round royal rural sale same second see seven she should ' +
    'since six so some soon south southern split spring still strong such summer sunrise ten ' +
    'than that the their them then there these they third this those three through thus to ' +
    'today too top two under union unity until up upon us victory very was we well wells were ' +
    'west western what when where which while white who why will winter with within without ' +
    'world would yes yet you young your'
  ).split(' '),
);

/** Mid-sentence, a capitalised common-word place needs at least this many people. */
export const COMMON_WORD_MIN_POPULATION = 50_000;

/**
 * Words that, capitalised, commonly start a sentence or headline and are never places on their
 * own: skipped as span starts so "Officials in Kyiv" or "Monday's vote" do not become places.
 */
export const NEVER_PLACES: ReadonlySet<string> = new Set(
  (
    'monday tuesday wednesday thursday friday saturday sunday january february april june july ' +
    'august september october november december mr mrs ms dr president minister prime senator ' +
    'governor mayor police officials reuters ap afp breaking update live watch opinion analysis ' +
    'exclusive photos video sources god lord saint st'
  ).split(' '),
);

/** A capitalised name right after one of these is a person: "President Lincoln", "Sen. Warner". */
export const PERSON_TITLES: ReadonlySet<string> = new Set(
  (
    'mr mrs ms miss dr sir dame lord lady president senator sen rep representative gov governor ' +
    'general gen col colonel captain capt sgt sergeant judge justice pope king queen prince ' +
    'princess sheikh minister chancellor coach mayor secretary ambassador bishop rabbi imam ' +
    'father sister brother actor actress singer rapper striker midfielder player'
  ).split(' '),
);

/**
 * Capitalised words that may follow a place name inside one capitalised run ("Kyiv Mayor",
 * "London Stock Exchange", "Gaza Strip", "Texas Governor"): the place still counts. Any other
 * capitalised follower ("Paris Hilton", "Jordan Peterson") makes the run a name, not a place.
 */
export const PLACE_MODIFIERS: ReadonlySet<string> = new Set(
  (
    'mayor governor police government officials official minister ministry president premier ' +
    'council city county state province region district authorities authority airport port ' +
    'harbour harbor university stock exchange court high strip metro metropolitan area ' +
    'international national army forces federal central capital west east north south ' +
    'valley bay river station marathon summit talks accord agreement protocol olympics games ' +
    'fc united club parliament assembly legislature senate congress election elections ' +
    'prosecutor prosecutors attorney general hospital zoo museum fire department'
  ).split(' '),
);

/** Lowercase words allowed inside a place name: "Dar es Salaam", "Rio de Janeiro". */
export const NAME_CONNECTORS: ReadonlySet<string> = new Set(
  'of de da do dos das del la le les el al es upon on sur am an der den di du y and the'.split(' '),
);
