/**
 * Names of major seas, lakes and rivers for the label layer (the five oceans come from the
 * gazetteer's continents file). A small list authored for ATLAS: one anchor point per name, placed over open water or
 * mid-course, and a rank (bigger shows first, like population for places). Coordinates are common
 * geographic knowledge, rounded to the degree or so.
 */
import type { LabelKind } from './labelRules';

export interface WaterName {
  kind: Extract<LabelKind, 'ocean' | 'lake' | 'river'>;
  name: string;
  lat: number;
  lon: number;
  rank: number;
}

const ocean = (name: string, lat: number, lon: number, rank: number): WaterName => ({
  kind: 'ocean',
  name,
  lat,
  lon,
  rank,
});
const lake = (name: string, lat: number, lon: number, rank: number): WaterName => ({
  kind: 'lake',
  name,
  lat,
  lon,
  rank,
});
const river = (name: string, lat: number, lon: number, rank: number): WaterName => ({
  kind: 'river',
  name,
  lat,
  lon,
  rank,
});

export const WATER_NAMES: readonly WaterName[] = [
  ocean('Mediterranean Sea', 34.5, 18, 60),
  ocean('Caribbean Sea', 15, -75, 55),
  ocean('Gulf of Mexico', 25, -90, 54),
  ocean('Arabian Sea', 14, 64, 53),
  ocean('Bay of Bengal', 15, 88, 52),
  ocean('South China Sea', 13, 114, 51),
  ocean('Philippine Sea', 20, 132, 50),
  ocean('Coral Sea', -17, 155, 49),
  ocean('Tasman Sea', -40, 162, 48),
  ocean('Bering Sea', 58, -178, 47),
  ocean('Sea of Japan', 40, 135, 46),
  ocean('Hudson Bay', 60, -85, 45),
  ocean('North Sea', 56, 3, 44),
  ocean('Norwegian Sea', 68, 3, 43),
  ocean('Baltic Sea', 58, 19.5, 42),
  ocean('Black Sea', 43.2, 34, 41),
  ocean('Red Sea', 20, 38.5, 40),
  ocean('Persian Gulf', 27, 51.5, 39),
  lake('Caspian Sea', 42, 50.5, 30),
  lake('Lake Superior', 47.7, -87.5, 29),
  lake('Lake Victoria', -1, 33, 28),
  lake('Lake Huron', 44.8, -82.4, 27),
  lake('Lake Michigan', 44, -87, 26),
  lake('Lake Tanganyika', -6, 29.5, 25),
  lake('Lake Baikal', 53.5, 108, 24),
  lake('Great Bear Lake', 66, -121, 23),
  lake('Lake Malawi', -12, 34.5, 22),
  lake('Great Slave Lake', 61.7, -114, 21),
  lake('Lake Erie', 42.2, -81.2, 20),
  lake('Lake Winnipeg', 52.5, -97.5, 19),
  lake('Lake Ontario', 43.7, -77.9, 18),
  lake('Lake Balkhash', 46.5, 74.5, 17),
  lake('Lake Ladoga', 61, 31.5, 16),
  lake('Lake Titicaca', -15.8, -69.4, 15),
  lake('Lake Chad', 13, 14.5, 14),
  lake('Lake Geneva', 46.45, 6.5, 10),
  river('Amazon', -3, -60, 30),
  river('Nile', 22, 31.5, 29),
  river('Yangtze', 30.5, 112, 28),
  river('Mississippi', 35, -90.2, 27),
  river('Yenisei', 65, 87, 26),
  river('Congo', -1, 18, 25),
  river('Ob', 62, 67, 24),
  river('Lena', 64, 126, 23),
  river('Mekong', 16, 105.5, 22),
  river('Niger', 13.5, 2.1, 21),
  river('Volga', 50, 45.5, 20),
  river('Danube', 47, 18.9, 19),
  river('Ganges', 25.3, 83, 18),
  river('Indus', 27, 68.3, 17),
  river('Mackenzie', 65, -126, 16),
  river('Yukon', 65, -152, 15),
  river('Zambezi', -16, 30, 14),
  river('Paraná', -27, -58.6, 13),
  river('Murray', -34.2, 141, 12),
  river('Euphrates', 34.5, 41, 11),
  river('Rhine', 50.5, 7.6, 10),
];
