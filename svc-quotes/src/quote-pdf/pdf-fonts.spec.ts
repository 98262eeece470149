import { MISSING_GLYPH, toRuns } from './pdf-fonts';

describe('toRuns (which embedded font draws which characters)', () => {
  it('keeps Latin, Greek and Cyrillic in Noto Sans and gives Chinese its own font', () => {
    expect(toRuns('Crew: Иван, Γιώργος, 张伟 ok')).toEqual([
      { font: 'sans', text: 'Crew: Иван, Γιώργος, ' },
      { font: 'cjk', text: '张伟 ' },
      { font: 'sans', text: 'ok' },
    ]);
  });

  it('gives Korean (Hangul) the Korean font, which the Chinese one lacks', () => {
    expect(toRuns('Crew: 김민준 ok')).toEqual([
      { font: 'sans', text: 'Crew: ' },
      { font: 'korean', text: '김민준 ' },
      { font: 'sans', text: 'ok' },
    ]);
  });

  it('turns an emoji (with its variation selector) into one placeholder and keeps what follows', () => {
    expect(toRuns('café ✈️ after 👨‍👩‍👧 end')).toEqual([
      { font: 'sans', text: `café ${MISSING_GLYPH} after ${MISSING_GLYPH} end` },
    ]);
  });

  it('puts the words of a right-to-left run in drawing order', () => {
    expect(toRuns('x שלום עולם y')).toEqual([
      { font: 'sans', text: 'x ' },
      { font: 'hebrew', text: 'עולם שלום ' },
      { font: 'sans', text: 'y' },
    ]);
  });

  it('sets bold text in the bold face where it has the letters', () => {
    expect(toRuns('Notes 东京', 'sansBold')).toEqual([
      { font: 'sansBold', text: 'Notes ' },
      { font: 'cjk', text: '东京' },
    ]);
  });
});
