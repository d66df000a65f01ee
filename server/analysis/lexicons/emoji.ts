/**
 * Emoji maps written for ATLAS: one emoji per category (spec section 9 "each with an emoji") and
 * keyword emojis for common story subjects. Plain data; offline/emoji.ts picks from it.
 */
import type { AnalysisCategory } from '../../../data/analysis';

export const CATEGORY_EMOJI: Readonly<Record<AnalysisCategory, string>> = {
  politics: '🏛️',
  technology: '💻',
  business: '💼',
  science: '🔬',
  health: '🏥',
  entertainment: '🎬',
  sports: '⚽',
  environment: '🌍',
  general: '📰',
};

/** Keyword (lower-case token) -> emoji. First matches in text order win. */
export const KEYWORD_EMOJI: ReadonlyMap<string, string> = new Map([
  ...pairs('🔥', 'fire fires wildfire wildfires blaze'),
  ...pairs('🌊', 'flood floods flooding tsunami'),
  ...pairs('🌪️', 'hurricane cyclone typhoon tornado storm'),
  ...pairs('🌋', 'eruption volcano'),
  ...pairs('🏚️', 'earthquake quake'),
  ...pairs('⚔️', 'war fighting troops offensive invasion'),
  ...pairs('💥', 'explosion bombing airstrike airstrikes missile missiles'),
  ...pairs('🦠', 'virus outbreak pandemic epidemic cholera ebola measles'),
  ...pairs('💉', 'vaccine vaccines vaccination'),
  ...pairs('🗳️', 'election elections vote voters ballot referendum'),
  ...pairs('📈', 'surge surged rally rallied growth gains record'),
  ...pairs('📉', 'plunge plunged slump slumped recession decline'),
  ...pairs('🤖', 'ai robot robots robotics'),
  ...pairs('🚀', 'rocket launch spacecraft nasa'),
  ...pairs('🔭', 'telescope astronomers galaxy'),
  ...pairs('🏆', 'championship trophy title medal medals'),
  ...pairs('✈️', 'flight flights airline airlines airport plane'),
  ...pairs('🚆', 'train rail railway derailment'),
  ...pairs('🚗', 'car cars vehicle vehicles'),
  ...pairs('⚖️', 'court trial verdict lawsuit judge'),
  ...pairs('🕊️', 'ceasefire truce peace'),
  ...pairs('🌡️', 'heatwave temperatures'),
  ...pairs('☀️', 'solar'),
  ...pairs('💰', 'billion million deal funding'),
  ...pairs('🎵', 'music song album concert'),
  ...pairs('🔒', 'cyberattack ransomware hacked breach'),
]);

function pairs(emoji: string, words: string): [string, string][] {
  return words
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => [word, emoji]);
}
