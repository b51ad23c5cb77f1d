import { describe, expect, it } from 'vitest';
import { DEFAULT_FILLERS, findFillers } from './index.js';

/** Words from "text@startMs-endMs" tokens, or plain text spaced 300 ms apart with no silences. */
function timed(text: string) {
  return text.split(' ').map((t, i) => {
    const m = /^(.*)@(\d+)-(\d+)$/.exec(t);
    return m ? { text: m[1]!, startMs: Number(m[2]), endMs: Number(m[3]) } : { text: t, startMs: i * 300, endMs: i * 300 + 300 };
  });
}
const texts = (text: string, list?: string[]) => findFillers(timed(text), { list }).map((f) => `${f.text}#${f.wordIndex}`);

describe('findFillers', () => {
  it('marks um, uh, er, erm and hmm wherever they are said', () => {
    expect(texts('Um I think uh that er erm hmm is right')).toEqual(['um#0', 'uh#3', 'er#5', 'erm#6', 'hmm#7']);
    expect(texts('umm, we went.')).toEqual(['um#0']);
  });

  it('marks "like" set off by a comma or a silence', () => {
    expect(texts('it was, like, really big')).toEqual(['like#2']);
    expect(findFillers(timed('it@0-200 was@200-400 like@900-1100 the@1100-1300 best@1300-1600')).map((f) => f.text)).toEqual(['like']);
  });

  it('marks "like" after a form of be or a joining word when no determiner follows', () => {
    expect(texts('it was like amazing')).toEqual(['like#2']);
    expect(texts('and like we went home')).toEqual(['like#1']);
    expect(texts('Like I said it works')).toEqual(['like#0']);
  });

  it('leaves "like" as a verb or a comparison', () => {
    expect(texts('I like dogs')).toEqual([]);
    expect(texts('it was like a dream')).toEqual([]);
    expect(texts('we would like to go')).toEqual([]);
    expect(texts('she is like me')).toEqual([]);
  });

  it('marks "you know" set off or ending a sentence, never as a question or a clause', () => {
    expect(texts('it was, you know, hard')).toEqual(['you know#2']);
    expect(texts('it was hard you know.')).toEqual(['you know#3']);
    expect(texts('we should go you know')).toEqual(['you know#3']);
    expect(texts('do you know the answer')).toEqual([]);
    expect(texts('as you know, we won')).toEqual([]);
    expect(texts('you know the way')).toEqual([]);
  });

  it('follows the school list: entries removed are not marked, entries added are', () => {
    const list = DEFAULT_FILLERS.filter((f) => f !== 'um').concat(['basically', 'sort of']);
    expect(texts('um basically, it is sort of fine', list)).toEqual(['basically#1', 'sort of#4']);
    expect(texts('so, we begin', [...DEFAULT_FILLERS, 'so'])).toEqual(['so#0']);
    expect(texts('so we begin', [...DEFAULT_FILLERS, 'so'])).toEqual([]);
  });

  it('adds the hesitations heard between words when the list holds them, in time order', () => {
    const words = timed('we@0-300 went@900-1200 home@1300-1600');
    const gapFillers = [
      { text: 'umm', startMs: 400, endMs: 700 },
      { text: 'ah', startMs: 1210, endMs: 1290 },
    ];
    expect(findFillers(words, { gapFillers })).toEqual([{ text: 'um', startMs: 400, endMs: 700 }]);
    expect(findFillers(words, { gapFillers, list: ['ah'] })).toEqual([{ text: 'ah', startMs: 1210, endMs: 1290 }]);
  });
});
