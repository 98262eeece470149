import { execFileSync } from 'node:child_process';
import { formPayload, startQuotes, type QuotesTestApp } from './support/quotes-app';

/** What a reader copies out of the PDF: Debian's pdftotext (poppler-utils), as a person's viewer would show it. */
function pdftotext(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}

describe('the quote request PDF prints any name', () => {
  let t: QuotesTestApp;

  beforeAll(async () => {
    t = await startQuotes();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function pdfOf(notes: string) {
    const pilot = await t.pilot();
    const { fbos } = await t.airportWithFbos(1);
    const created = await t
      .http()
      .post('/api/quote-requests')
      .use(t.as(pilot.user))
      .send(formPayload(pilot.aircraft, fbos, { notes }));
    expect(created.status).toBe(201);
    const res = await t
      .http()
      .get(`/api/quote-requests/${created.body.id}/pdf`)
      .use(t.as(pilot.user))
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    return { res, pdf: res.body as Buffer };
  }

  it('shows Cyrillic, Greek, Chinese, Korean, Hebrew and Arabic letters, and a placeholder for an emoji without harm to what follows', async () => {
    const { res, pdf } = await pdfOf(
      'Crew: Иван Петров, 张伟, Γιώργος — café ✈️ after the emoji; שלום; مرحبا; 東京 and Ünïcödé; 김민준',
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdftotext(pdf);
    expect(text).toContain('Crew: Иван Петров, 张伟, Γιώργος — café \uFFFD after the emoji;');
    expect(text).toContain('東京 and Ünïcödé');
    expect(text).toContain('שלום');
    expect(text).toContain('مرحبا');
    expect(text).toContain('김민준');
    expect(text).toContain('Quote request');
  });

  it('answers a request full of CJK, right-to-left and emoji text with a PDF of reasonable size', async () => {
    const notes = Array.from({ length: 40 }, (_, i) => `${i}. 张伟 李娜 王芳 — עברית — العربية — 😀🛩️ — Ωμέγα`).join(
      ' ',
    );
    const { res, pdf } = await pdfOf(notes.slice(0, 2000));
    expect(res.status).toBe(200);
    const text = pdftotext(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('张伟 李娜 王芳');
    expect(text).toContain('עברית');
    expect(text).toContain('Ωμέγα');
    // The fonts are subset: the document carries the glyphs it uses, not the 8 MB Chinese font.
    expect(pdf.length).toBeLessThan(300_000);
  });
});
