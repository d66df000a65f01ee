/**
 * Emoji for an article: subject emojis from headline keywords, then the category's emoji, then
 * subject emojis from the body in the order they appear. primaryEmojis are the first three, emojis up to six.
 */
import type { AnalysisCategory } from '../../../data/analysis';
import { CATEGORY_EMOJI, KEYWORD_EMOJI } from '../lexicons/emoji';

export function selectEmoji(
  category: AnalysisCategory,
  titleWords: readonly string[],
  bodyWords: readonly string[],
): { emoji: string; primaryEmojis: string[]; emojis: string[] } {
  const picked: string[] = [];
  const keyword = (list: readonly string[]): void => {
    for (const word of list) {
      if (picked.length >= 5) return;
      const emoji = KEYWORD_EMOJI.get(word);
      if (emoji !== undefined && !picked.includes(emoji)) picked.push(emoji);
    }
  };
  keyword(titleWords);
  const fromTitle = picked.length;
  keyword(bodyWords.length > 5000 ? bodyWords.slice(0, 5000) : bodyWords);
  const categoryEmoji = CATEGORY_EMOJI[category];
  // A subject emoji from the headline (an earthquake) says more than the category's emoji.
  const emojis =
    fromTitle > 0
      ? [...picked.slice(0, fromTitle), categoryEmoji, ...picked.slice(fromTitle)]
      : [categoryEmoji, ...picked];
  const unique = emojis.filter((e, i) => emojis.indexOf(e) === i);
  const list = unique.slice(0, 6);
  return { emoji: list[0] ?? categoryEmoji, primaryEmojis: list.slice(0, 3), emojis: list };
}
