/**
 * Small hand-written tables for the geodata build: codes for the Natural Earth features that
 * have no ISO id, names for major rivers and lakes (the Marble geometry has none), and label
 * points for continents, oceans and sub-regions. Coordinates are `[lon, lat]` in degrees.
 */

/** Codes for a country feature. Empty strings where no ISO code exists. */
export interface CountryCodes {
  readonly iso2: string;
  readonly iso3: string;
  /** ISO 3166-1 numeric, 3 digits as in world-atlas ids ('' when none). */
  readonly isoN3: string;
  /** ISO alpha-2 of the state the area belongs to or is claimed by ('' when the same/none). */
  readonly parent: string;
  /** Continent code as in countries-list (AF, AN, AS, EU, NA, OC, SA). */
  readonly continent: string;
  readonly name: string;
  readonly capital: string;
  /** Whether the feature gets a countries.json entry (false for tiny areas without a code). */
  readonly listed: boolean;
}

/**
 * The five world-atlas 50m features without an `id` (three of them also at 110m), keyed by the
 * world-atlas name. Kosovo's codes are the user-assigned ones i18n-iso-countries uses; the
 * others have no ISO code, so `parent` lets a highlight of the parent include them. Siachen is
 * disputed between India and Pakistan, so it gets no parent.
 */
export const UNCODED_COUNTRIES: Readonly<Record<string, CountryCodes>> = {
  Somaliland: {
    iso2: '',
    iso3: '',
    isoN3: '',
    parent: 'SO',
    continent: 'AF',
    name: 'Somaliland',
    capital: 'Hargeisa',
    listed: true,
  },
  Kosovo: {
    iso2: 'XK',
    iso3: 'XKK',
    isoN3: '',
    parent: '',
    continent: 'EU',
    name: 'Kosovo',
    capital: 'Pristina',
    listed: true,
  },
  'N. Cyprus': {
    iso2: '',
    iso3: '',
    isoN3: '',
    parent: 'CY',
    continent: 'EU',
    name: 'Northern Cyprus',
    capital: 'North Nicosia',
    listed: true,
  },
  'Indian Ocean Ter.': {
    iso2: '',
    iso3: '',
    isoN3: '',
    parent: 'AU',
    continent: 'AS',
    name: 'Australian Indian Ocean Territories',
    capital: 'Flying Fish Cove',
    listed: false,
  },
  'Siachen Glacier': {
    iso2: '',
    iso3: '',
    isoN3: '',
    parent: '',
    continent: 'AS',
    name: 'Siachen Glacier',
    capital: '',
    listed: false,
  },
};

/** Features that share an ISO id with a larger one: display names for them. */
export const SECONDARY_FEATURE_NAMES: Readonly<Record<string, string>> = {
  'Ashmore and Cartier Is.': 'Ashmore and Cartier Islands',
};

/** A named water feature: the geometry nearest to `point` gets the name. */
export interface WaterName {
  readonly name: string;
  readonly point: readonly [number, number];
}

/** Major rivers: a point on the river, away from confluences so the match is unambiguous. */
export const RIVER_NAMES: readonly WaterName[] = [
  { name: 'Nile', point: [32.64, 25.7] },
  { name: 'Amazon', point: [-54.7, -2.4] },
  { name: 'Yangtze', point: [112.2, 30.3] },
  { name: 'Mississippi', point: [-90.05, 35.15] },
  { name: 'Missouri', point: [-100.8, 46.8] },
  { name: 'Yenisei', point: [92.9, 56.0] },
  { name: 'Yellow River', point: [103.8, 36.06] },
  { name: 'Ob', point: [82.95, 55.0] },
  { name: 'Paraná', point: [-60.63, -32.95] },
  { name: 'Congo', point: [18.26, 0.05] },
  { name: 'Amur', point: [135.07, 48.48] },
  { name: 'Lena', point: [129.73, 62.03] },
  { name: 'Mekong', point: [102.6, 17.97] },
  { name: 'Mackenzie', point: [-126.83, 65.28] },
  { name: 'Niger', point: [2.11, 13.51] },
  { name: 'Murray', point: [140.75, -34.17] },
  { name: 'Volga', point: [50.1, 53.2] },
  { name: 'Danube', point: [19.05, 47.5] },
  { name: 'Rhine', point: [6.96, 50.94] },
  { name: 'Ganges', point: [83.0, 25.3] },
  { name: 'Indus', point: [68.85, 27.7] },
  { name: 'Brahmaputra', point: [91.75, 26.18] },
  { name: 'Euphrates', point: [40.14, 35.33] },
  { name: 'Tigris', point: [43.13, 36.34] },
  { name: 'Zambezi', point: [33.59, -16.16] },
  { name: 'Orinoco', point: [-63.55, 8.13] },
  { name: 'Yukon', point: [-156.93, 64.74] },
  { name: 'St. Lawrence', point: [-74.73, 45.02] },
  { name: 'Colorado', point: [-112.1, 36.1] },
  { name: 'Rio Grande', point: [-99.5, 27.5] },
  { name: 'Columbia', point: [-121.2, 45.6] },
  { name: 'Dnieper', point: [30.52, 50.45] },
  { name: 'Don', point: [39.7, 47.23] },
  { name: 'Irtysh', point: [73.37, 54.98] },
  { name: 'Syr Darya', point: [65.5, 44.85] },
  { name: 'Amu Darya', point: [63.58, 39.07] },
  { name: 'Elbe', point: [11.63, 52.13] },
  { name: 'Loire', point: [0.69, 47.39] },
  { name: 'Vistula', point: [21.0, 52.23] },
  { name: 'Orange', point: [21.25, -28.45] },
  { name: 'Limpopo', point: [30.0, -22.22] },
  { name: 'Irrawaddy', point: [96.08, 21.97] },
  { name: 'São Francisco', point: [-40.5, -9.4] },
  { name: 'Madeira', point: [-63.9, -8.76] },
  { name: 'Ohio', point: [-84.5, 39.1] },
  { name: 'Kolyma', point: [153.7, 67.45] },
  { name: 'Darling', point: [145.94, -30.09] },
  { name: 'Senegal', point: [-14.96, 16.65] },
  { name: 'Oder', point: [17.03, 51.1] },
  { name: 'Angara', point: [104.3, 52.3] },
  { name: 'Ural', point: [55.1, 51.77] },
];

/** Major lakes: a point inside the lake. (The Caspian Sea is a hole in the land, not a lake.) */
export const LAKE_NAMES: readonly WaterName[] = [
  { name: 'Lake Superior', point: [-87.5, 47.7] },
  { name: 'Lake Victoria', point: [33.0, -1.0] },
  { name: 'Lake Huron', point: [-82.4, 44.8] },
  { name: 'Lake Michigan', point: [-87.0, 44.0] },
  { name: 'Lake Tanganyika', point: [29.6, -6.0] },
  { name: 'Lake Baikal', point: [108.0, 53.5] },
  { name: 'Great Bear Lake', point: [-121.0, 66.0] },
  { name: 'Lake Malawi', point: [34.6, -12.0] },
  { name: 'Great Slave Lake', point: [-114.0, 61.6] },
  { name: 'Lake Erie', point: [-81.2, 42.2] },
  { name: 'Lake Winnipeg', point: [-97.9, 52.7] },
  { name: 'Lake Ontario', point: [-77.9, 43.7] },
  { name: 'Lake Ladoga', point: [31.5, 60.8] },
  { name: 'Lake Balkhash', point: [74.3, 46.3] },
  { name: 'Lake Titicaca', point: [-69.4, -15.8] },
  { name: 'Lake Onega', point: [35.5, 61.7] },
  { name: 'Lake Chad', point: [14.1, 13.3] },
  { name: 'Aral Sea', point: [59.5, 45.0] },
  { name: 'Issyk-Kul', point: [77.3, 42.45] },
  { name: 'Vänern', point: [13.2, 58.9] },
  { name: 'Lake Nicaragua', point: [-85.4, 11.6] },
  { name: 'Great Salt Lake', point: [-112.5, 41.1] },
  { name: 'Lake Turkana', point: [36.1, 3.6] },
  { name: 'Lake Volta', point: [-0.2, 7.5] },
  { name: 'Lake Athabasca', point: [-109.0, 59.2] },
  { name: 'Reindeer Lake', point: [-102.3, 57.3] },
  { name: 'Lake Albert', point: [30.9, 1.7] },
  { name: 'Lake Kivu', point: [29.2, -2.0] },
  { name: 'Lake Urmia', point: [45.4, 37.7] },
  { name: 'Lake Tana', point: [37.3, 12.0] },
  { name: 'Tonlé Sap', point: [104.1, 12.9] },
];

/** A label point: continents and oceans for `continents.json`, sub-regions for `regions.json`. */
export interface LabelPoint {
  readonly id: string;
  readonly name: string;
  readonly point: readonly [number, number];
  /** Continent code (countries-list) for regions; the continent's own code for continents. */
  readonly continent?: string;
}

export const CONTINENTS: readonly LabelPoint[] = [
  { id: 'AF', name: 'Africa', point: [21.09, 7.19] },
  { id: 'AN', name: 'Antarctica', point: [0, -80] },
  { id: 'AS', name: 'Asia', point: [90, 45] },
  { id: 'EU', name: 'Europe', point: [15.3, 54.5] },
  { id: 'NA', name: 'North America', point: [-100, 45] },
  { id: 'OC', name: 'Oceania', point: [135, -25] },
  { id: 'SA', name: 'South America', point: [-60, -15] },
];

export const OCEANS: readonly LabelPoint[] = [
  { id: 'pacific', name: 'Pacific Ocean', point: [-160, 0] },
  { id: 'atlantic', name: 'Atlantic Ocean', point: [-30, 15] },
  { id: 'indian', name: 'Indian Ocean', point: [80, -20] },
  { id: 'southern', name: 'Southern Ocean', point: [90, -60] },
  { id: 'arctic', name: 'Arctic Ocean', point: [0, 84] },
];

/**
 * Sub-regions used in news (mostly UN M49 sub-regions, plus a few common names such as the
 * Middle East, the Sahel or the Balkans), with a label point near their visual centre.
 */
export const REGIONS: readonly LabelPoint[] = [
  { id: 'northern-africa', name: 'North Africa', point: [17, 27], continent: 'AF' },
  { id: 'western-africa', name: 'West Africa', point: [-3, 12], continent: 'AF' },
  { id: 'middle-africa', name: 'Central Africa', point: [20, 0], continent: 'AF' },
  { id: 'eastern-africa', name: 'East Africa', point: [36, -3], continent: 'AF' },
  { id: 'southern-africa', name: 'Southern Africa', point: [24, -25], continent: 'AF' },
  { id: 'sahel', name: 'Sahel', point: [5, 15], continent: 'AF' },
  { id: 'horn-of-africa', name: 'Horn of Africa', point: [44, 8], continent: 'AF' },
  { id: 'middle-east', name: 'Middle East', point: [45, 29], continent: 'AS' },
  { id: 'central-asia', name: 'Central Asia', point: [65, 43], continent: 'AS' },
  { id: 'south-asia', name: 'South Asia', point: [80, 23], continent: 'AS' },
  { id: 'southeast-asia', name: 'Southeast Asia', point: [110, 8], continent: 'AS' },
  { id: 'east-asia', name: 'East Asia', point: [115, 35], continent: 'AS' },
  { id: 'siberia', name: 'Siberia', point: [100, 62], continent: 'AS' },
  { id: 'caucasus', name: 'Caucasus', point: [44.5, 42], continent: 'AS' },
  { id: 'western-europe', name: 'Western Europe', point: [5, 48], continent: 'EU' },
  { id: 'northern-europe', name: 'Scandinavia', point: [15, 63], continent: 'EU' },
  { id: 'southern-europe', name: 'Southern Europe', point: [14, 41], continent: 'EU' },
  { id: 'eastern-europe', name: 'Eastern Europe', point: [30, 52], continent: 'EU' },
  { id: 'balkans', name: 'Balkans', point: [21, 43], continent: 'EU' },
  { id: 'baltic-states', name: 'Baltic States', point: [24, 57], continent: 'EU' },
  { id: 'central-america', name: 'Central America', point: [-87, 14], continent: 'NA' },
  { id: 'caribbean', name: 'Caribbean', point: [-73, 18], continent: 'NA' },
  { id: 'arctic-north-america', name: 'Canadian Arctic', point: [-95, 72], continent: 'NA' },
  { id: 'amazon-basin', name: 'Amazon Basin', point: [-62, -5], continent: 'SA' },
  { id: 'andes', name: 'Andes', point: [-70, -15], continent: 'SA' },
  { id: 'patagonia', name: 'Patagonia', point: [-69, -45], continent: 'SA' },
  { id: 'australasia', name: 'Australasia', point: [140, -28], continent: 'OC' },
  { id: 'melanesia', name: 'Melanesia', point: [160, -8], continent: 'OC' },
  { id: 'micronesia', name: 'Micronesia', point: [155, 8], continent: 'OC' },
  { id: 'polynesia', name: 'Polynesia', point: [-150, -15], continent: 'OC' },
];
