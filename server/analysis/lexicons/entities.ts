/**
 * Cue lists for the rule-based entity extractor, written for ATLAS. Country and city names are
 * facts, typed in here by hand (no gazetteer file copied); the full GeoNames gazetteer used for
 * geocoding is separate (see PIPELINE.md). Keys are as they appear in text unless noted.
 */

const set = (text: string): ReadonlySet<string> =>
  new Set(
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => w.replace(/_/g, ' ')),
  );

/** Titles before a person's name. Matched case-sensitively, with or without a trailing dot. */
export const HONORIFICS = set(`
  Mr Mrs Ms Miss Dr Prof Professor Sir Dame Lord Lady President Vice-President Premier
  Minister Chancellor Senator Sen Rep Representative Governor Gov Mayor King Queen Prince
  Princess Pope Judge Justice General Gen Colonel Col Captain Capt Lieutenant Lt Sergeant Sgt
  Commissioner Secretary Secretary-General Ambassador Rabbi Imam Father Bishop Archbishop Cardinal Sheikh
  Chairman Chairwoman Chair CEO Coach Detective Inspector Chief Speaker
`);

/** Words that may come before a title: "Prime Minister", "Interior Minister". */
export const TITLE_MODIFIERS = set(`
  Prime Foreign Vice Deputy Finance Defence Defense Health Interior Former Acting Chief
  Executive Economy Justice Education Energy Labour Trade Environment State Supreme Crown
  Home Attorney Surgeon Lord Grand Senior Junior
`);

/** Lower-case role nouns that may precede a name: "spokeswoman Ana Ruiz", "economist Li Wei". */
export const ROLE_NOUNS = set(`
  spokesman spokeswoman spokesperson minister president senator chairman chairwoman director
  economist analyst professor researcher scientist lawyer attorney prosecutor judge coach
  captain striker goalkeeper singer actor actress author editor leader chief commander general
  official governor mayor founder executive ceo
`);

/** Last word of an organisation name. */
export const ORG_SUFFIXES = set(`
  Inc Inc. Ltd Ltd. LLC PLC plc Corp Corp. Co Co. Corporation Company Group Holdings Ministry
  Party Council University College Institute Bank Agency Commission Committee Association
  Foundation Organization Organisation Department Court Parliament Congress Senate Assembly
  Federation Union Authority Fund Service Services Police Army Navy Force Forces Airlines
  Airways Motors Technologies Labs Laboratories Systems Industries Energy Reserve Board Office
  Club FC Network Times Post Journal Press Agency Administration Alliance League Tribunal
  Cabinet Government Hospital Society Trust Bureau Exchange Pharmaceuticals Media Coalition
  Movement Front Brigade Guard Guards Corps Secretariat Institution Festival Museum
`);

/** First word of an organisation name when followed by "of ...": "Bank of England". */
export const ORG_PREFIXES = set(`
  Ministry Department University Bank Office Institute Council Court Church Federation
  Association Board Commission Academy Republic Bureau Institution Museum
`);

/** Well-known acronyms of organisations. */
export const KNOWN_ACRONYMS = set(`
  UN NATO EU WHO IMF WTO OPEC ASEAN AU ECB FBI CIA NSA NASA ESA UNICEF UNESCO UNHCR OECD
  G7 G20 BRICS ICC ICJ IAEA FIFA UEFA IOC NBA NFL MLB NHL BBC CNN AP AFP Reuters SEC FDA CDC EPA
  FAA NHS IRA ANC PLO MSF ICRC OSCE IPCC WFP OPCW Fed Interpol Hamas Hezbollah Taliban
  Google Apple Microsoft Amazon Meta OpenAI Nvidia Samsung Tesla Toyota Volkswagen Boeing
  Airbus Netflix Spotify Intel IBM Huawei Alibaba Tencent Sony
`);

/** Country -> itself; a few common aliases map to the usual short name. */
export const COUNTRIES: ReadonlyMap<string, string> = new Map([
  ...`Afghanistan Albania Algeria Andorra Angola Argentina Armenia Australia Austria Azerbaijan
  Bahamas Bahrain Bangladesh Barbados Belarus Belgium Belize Benin Bhutan Bolivia
  Bosnia_and_Herzegovina Botswana Brazil Brunei Bulgaria Burkina_Faso Burundi Cambodia Cameroon
  Canada Chad Chile China Colombia Comoros Congo Costa_Rica Croatia Cuba Cyprus Czechia Denmark
  Djibouti Dominica Dominican_Republic Ecuador Egypt El_Salvador Eritrea Estonia Eswatini
  Ethiopia Fiji Finland France Gabon Gambia Georgia Germany Ghana Greece Grenada Guatemala
  Guinea Guyana Haiti Honduras Hungary Iceland India Indonesia Iran Iraq Ireland Israel Italy
  Jamaica Japan Jordan Kazakhstan Kenya Kiribati Kosovo Kuwait Kyrgyzstan Laos Latvia Lebanon
  Lesotho Liberia Libya Liechtenstein Lithuania Luxembourg Madagascar Malawi Malaysia Maldives
  Mali Malta Mauritania Mauritius Mexico Moldova Monaco Mongolia Montenegro Morocco Mozambique
  Myanmar Namibia Nauru Nepal Netherlands New_Zealand Nicaragua Niger Nigeria North_Korea
  North_Macedonia Norway Oman Pakistan Palau Palestine Panama Papua_New_Guinea Paraguay Peru
  Philippines Poland Portugal Qatar Romania Russia Rwanda Samoa San_Marino Saudi_Arabia Senegal
  Serbia Seychelles Sierra_Leone Singapore Slovakia Slovenia Somalia South_Africa South_Korea
  South_Sudan Spain Sri_Lanka Sudan Suriname Sweden Switzerland Syria Taiwan Tajikistan Tanzania
  Thailand Togo Tonga Trinidad_and_Tobago Tunisia Turkey Türkiye Turkmenistan Tuvalu Uganda
  Ukraine United_Arab_Emirates United_Kingdom United_States Uruguay Uzbekistan Vanuatu Venezuela
  Vietnam Yemen Zambia Zimbabwe Greenland Puerto_Rico`
    .split(/\s+/)
    .filter(Boolean)
    .map((name): [string, string] => [name.replace(/_/g, ' '), name.replace(/_/g, ' ')]),
  ['US', 'United States'],
  ['U.S.', 'United States'],
  ['USA', 'United States'],
  ['America', 'United States'],
  ['UK', 'United Kingdom'],
  ['U.K.', 'United Kingdom'],
  ['Britain', 'United Kingdom'],
  ['Great Britain', 'United Kingdom'],
  ['England', 'United Kingdom'],
  ['Scotland', 'United Kingdom'],
  ['Wales', 'United Kingdom'],
  ['UAE', 'United Arab Emirates'],
  ['Czech Republic', 'Czechia'],
  ['Ivory Coast', "Côte d'Ivoire"],
  ['Burma', 'Myanmar'],
  ['Gaza', 'Palestine'],
  ['West Bank', 'Palestine'],
  ['DRC', 'Congo'],
]);

/** Major cities -> country, for the country of a story whose main place is a city. */
export const CITIES: ReadonlyMap<string, string> = new Map(
  `Kabul:Afghanistan Algiers:Algeria Buenos_Aires:Argentina Sydney:Australia Melbourne:Australia
  Canberra:Australia Vienna:Austria Dhaka:Bangladesh Brussels:Belgium Sao_Paulo:Brazil
  Rio_de_Janeiro:Brazil Brasilia:Brazil Toronto:Canada Ottawa:Canada Montreal:Canada
  Vancouver:Canada Santiago:Chile Beijing:China Shanghai:China Hong_Kong:China Shenzhen:China
  Wuhan:China Bogota:Colombia Havana:Cuba Prague:Czechia Copenhagen:Denmark Cairo:Egypt
  Addis_Ababa:Ethiopia Helsinki:Finland Paris:France Marseille:France Lyon:France Berlin:Germany
  Munich:Germany Hamburg:Germany Frankfurt:Germany Accra:Ghana Athens:Greece Budapest:Hungary
  Delhi:India New_Delhi:India Mumbai:India Bangalore:India Kolkata:India Chennai:India
  Jakarta:Indonesia Tehran:Iran Baghdad:Iraq Dublin:Ireland Jerusalem:Israel Tel_Aviv:Israel
  Rome:Italy Milan:Italy Naples:Italy Tokyo:Japan Osaka:Japan Amman:Jordan Nairobi:Kenya
  Beirut:Lebanon Tripoli:Libya Kuala_Lumpur:Malaysia Mexico_City:Mexico Rabat:Morocco
  Casablanca:Morocco Yangon:Myanmar Kathmandu:Nepal Amsterdam:Netherlands Auckland:New_Zealand
  Lagos:Nigeria Abuja:Nigeria Pyongyang:North_Korea Oslo:Norway Karachi:Pakistan
  Islamabad:Pakistan Lahore:Pakistan Lima:Peru Manila:Philippines Warsaw:Poland Lisbon:Portugal
  Doha:Qatar Bucharest:Romania Moscow:Russia St_Petersburg:Russia Kigali:Rwanda
  Riyadh:Saudi_Arabia Jeddah:Saudi_Arabia Dakar:Senegal Belgrade:Serbia Mogadishu:Somalia
  Johannesburg:South_Africa Cape_Town:South_Africa Pretoria:South_Africa Seoul:South_Korea
  Madrid:Spain Barcelona:Spain Khartoum:Sudan Stockholm:Sweden Geneva:Switzerland
  Zurich:Switzerland Bern:Switzerland Damascus:Syria Aleppo:Syria Taipei:Taiwan
  Dar_es_Salaam:Tanzania Bangkok:Thailand Tunis:Tunisia Istanbul:Turkey Ankara:Turkey
  Kampala:Uganda Kyiv:Ukraine Kiev:Ukraine Kharkiv:Ukraine Odesa:Ukraine Dubai:United_Arab_Emirates
  Abu_Dhabi:United_Arab_Emirates London:United_Kingdom Manchester:United_Kingdom
  Edinburgh:United_Kingdom Birmingham:United_Kingdom Washington:United_States
  New_York:United_States Los_Angeles:United_States Chicago:United_States Houston:United_States
  San_Francisco:United_States Miami:United_States Boston:United_States Seattle:United_States
  Texas:United_States California:United_States Florida:United_States Montevideo:Uruguay
  Caracas:Venezuela Hanoi:Vietnam Ho_Chi_Minh_City:Vietnam Sanaa:Yemen Harare:Zimbabwe
  Lusaka:Zambia Gaza_City:Palestine Singapore:Singapore Brussels:Belgium Kinshasa:Congo
  Luanda:Angola Maputo:Mozambique Quito:Ecuador La_Paz:Bolivia Caracas:Venezuela`
    .split(/\s+/)
    .filter(Boolean)
    .map((pair): [string, string] => {
      const [city = '', country = ''] = pair.replace(/_/g, ' ').split(':');
      return [city, country];
    }),
);

/**
 * Common given names (a compact international sample) so "Maria Lopez" reads as a person even
 * without a title or a "said".
 */
export const GIVEN_NAMES = set(`
  James John Robert Michael William David Richard Joseph Thomas Charles Daniel Matthew Mark
  Paul Steven Andrew Peter George Edward Brian Kevin Jason Eric Jonathan Justin Scott Emmanuel
  Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Nancy Lisa Margaret
  Emily Emma Olivia Sophie Anna Ana Maria María Laura Julia Claire Rachel Rebecca Helen Alice
  Angela Kamala Joe Donald Boris Rishi Keir Theresa Vladimir Xi Narendra Jacinda Justin Olaf
  Recep Volodymyr Benjamin Luiz Lula Javier Pedro Carlos José Jose Juan Luis Miguel Jorge
  Antonio Francisco Manuel Alejandro Diego Sergio Fernando Gabriel Lucas Mateo Pablo Sofia
  Camila Valentina Isabel Carmen Elena Lucía Jean Pierre Marie François Francois Nicolas
  Emmanuel Hans Klaus Wolfgang Friedrich Angela Ursula Giorgia Mario Matteo Giuseppe Marco
  Giovanni Ahmed Mohammed Mohamed Muhammad Ali Omar Hassan Hussein Fatima Aisha Yusuf Ibrahim
  Abdul Mustafa Wei Li Ming Hiroshi Yuki Kenji Raj Rahul Priya Amit Sunil Arjun Kwame Kofi
  Amina Chinua Ngozi Wanjiru Oluwaseun Tunde Ivan Dmitry Sergei Alexei Olga Natalia Tatiana
  Elon Mark Jeff Bill Tim Satya Sundar Sam Jensen Greta Taylor Serena Lionel Cristiano Roger
  Rafael Novak Lewis Max Simone Usain Elena Nora Grace Chloe Zoe Hannah Ella Mia Noah Liam
  Ethan Oliver Henry Jack Harry Leo Arthur Samuel Adam Martin Stefan Jan Lars Erik Anders
`);

/** Capitalised words that start sentences or headlines but are never names by themselves. */
export const NEVER_ENTITIES = set(`
  The A An This That These Those It Its He She They We I You Our Their His Her But And Or If
  When While After Before As In On At For From With Without By Of To Into Over Under About
  Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May
  June July August September October November December Today Yesterday Tomorrow However
  Meanwhile Also Still Yet Some Many Most More All Both Each Every Several Other Another One
  Two Three Four Five Six Seven Eight Nine Ten First Second Last Next New Breaking Update Live
  Photo Video Watch Read Opinion Analysis Editorial Sources Officials Police There Here What Why
  How Who Where Which Not No Yes Mr Mrs Ms Dr Although Though Despite During Since Until
  Until Because So Then Now Just Even Only Such Than Speaking Asked Under Among Across Amid
  Earlier Later Last Lastly Finally Instead According Local Residents Experts Critics Analysts
  Scientists Researchers Doctors Authorities
`);
