import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

/** A font the PDF may embed; pdfkit subsets each one to the glyphs the document uses. */
export type PdfFontName = 'sans' | 'sansBold' | 'hebrew' | 'arabic' | 'cjk' | 'korean';

/** Shown for a character no embedded font has (emoji, rare scripts). */
export const MISSING_GLYPH = '\uFFFD';

const FILES: Record<PdfFontName, [pkg: string, file: string]> = {
  sans: ['@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'],
  sansBold: ['@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'],
  hebrew: ['@embedpdf/fonts-hebrew', 'NotoSansHebrew-Regular.ttf'],
  arabic: ['@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'],
  cjk: ['@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'],
  korean: ['@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'],
};

/** Order in which fonts are asked for a character after the run's own (Latin, Greek, Cyrillic first; Hangul last). */
const FALLBACK: PdfFontName[] = ['sans', 'hebrew', 'arabic', 'cjk', 'korean'];
const RTL: ReadonlySet<PdfFontName> = new Set(['hebrew', 'arabic']);

interface LoadedFont {
  data: Buffer;
  font: fontkit.Font;
}

let loaded: Record<PdfFontName, LoadedFont> | null = null;

/** The font files, read once per process (the packages keep them beside their dist/ folder). */
export function pdfFonts(): Record<PdfFontName, LoadedFont> {
  if (loaded) return loaded;
  const read = {} as Record<PdfFontName, LoadedFont>;
  for (const [name, [pkg, file]] of Object.entries(FILES) as [PdfFontName, [string, string]][]) {
    const data = readFileSync(join(dirname(require.resolve(pkg)), '..', 'fonts', file));
    read[name] = { data, font: fontkit.create(data) as fontkit.Font };
  }
  loaded = read;
  return loaded;
}

export interface TextRun {
  font: PdfFontName;
  text: string;
}

/** Marks that ride on the character before them and need no glyph of their own (ZWNJ/ZWJ, variation selectors, tags). */
const isJoiner = (p: number) =>
  p === 0x200c || p === 0x200d || (p >= 0xfe00 && p <= 0xfe0f) || (p >= 0xe0020 && p <= 0xe007f);
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Splits text into runs each of which one embedded font can draw; a character cluster no font has becomes
 * MISSING_GLYPH in the base font, so what follows it keeps its own letters. Right-to-left runs are turned into
 * drawing order word by word (pdfkit lays words out left to right; the font's shaping orders the letters).
 */
export function toRuns(text: string, base: 'sans' | 'sansBold' = 'sans'): TextRun[] {
  const fonts = pdfFonts();
  const runs: TextRun[] = [];
  const push = (font: PdfFontName, piece: string) => {
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += piece;
    else runs.push({ font, text: piece });
  };
  for (const { segment } of segmenter.segment(text)) {
    const points = [...segment].map((c) => c.codePointAt(0)!).filter((p) => !isJoiner(p));
    if (!points.length) continue;
    if (points.every((p) => p <= 0x20 || p === 0xa0)) {
      push(runs[runs.length - 1]?.font ?? base, segment);
      continue;
    }
    const order = [base, ...FALLBACK.filter((f) => f !== 'sans')];
    const font = order.find((f) => points.every((p) => fonts[f].font.hasGlyphForCodePoint(p)));
    if (font) push(font, points.map((p) => String.fromCodePoint(p)).join(''));
    else push(base, MISSING_GLYPH);
  }
  return runs.map((run) => (RTL.has(run.font) ? { ...run, text: visualOrder(run.text) } : run));
}

function visualOrder(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === ' ') start++;
  while (end > start && text[end - 1] === ' ') end--;
  const words = text.slice(start, end).split(' ');
  return text.slice(0, start) + words.reverse().join(' ') + text.slice(end);
}
