import {
  conversationPathInZip,
  exportDownloadName,
  filePathInZip,
  isCompressedContent,
  safeFilename,
  slugify,
  UniquePaths,
} from './export-names';

describe('slugify', () => {
  it('keeps ASCII letters and digits, folds accents and joins words with dashes', () => {
    expect(slugify('Récolte de maïs 2025!')).toBe('recolte-de-mais-2025');
    expect(slugify('  --Hello,   World--  ')).toBe('hello-world');
    expect(slugify('Ẹ̀kọ́ Yorùbá')).toBe('eko-yoruba');
  });

  it('falls back when nothing usable is left, and cuts long titles without a trailing dash', () => {
    expect(slugify('')).toBe('conversation');
    expect(slugify('🌽🌽 ???')).toBe('conversation');
    expect(slugify('日本語', 'user')).toBe('user');
    const long = slugify('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long).not.toMatch(/-$/);
  });
});

describe('safeFilename', () => {
  it('drops folders, control and reserved characters and leading dots', () => {
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(safeFilename('a<b>c:d"e|f?g*h.txt')).toBe('a_b_c_d_e_f_g_h.txt');
    expect(safeFilename('bad\u0000\u001fname.txt')).toBe('bad__name.txt');
    expect(safeFilename('...hidden')).toBe('hidden');
    expect(safeFilename('  Mon   fichier été.docx  ')).toBe('Mon fichier été.docx');
  });

  it('answers null for nothing usable', () => {
    expect(safeFilename(null)).toBeNull();
    expect(safeFilename('')).toBeNull();
    expect(safeFilename('../..')).toBeNull();
    expect(safeFilename('dir/')).toBeNull();
  });

  it('cuts long names keeping their extension', () => {
    const name = safeFilename(`${'x'.repeat(300)}.pdf`)!;
    expect(name).toHaveLength(100);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('ZIP paths', () => {
  const id = '0123abcd-1111-2222-3333-444455556666';

  it('names a file by kind, id start and its name, or a default name with its extension', () => {
    expect(filePathInZip({ id, kind: 'upload', contentType: 'application/pdf', name: 'Farm plan.pdf' })).toBe(
      'files/upload/0123abcd-Farm plan.pdf',
    );
    expect(filePathInZip({ id, kind: 'image', contentType: 'image/png', name: null })).toBe(
      'files/image/0123abcd-image-0123abcd.png',
    );
    expect(filePathInZip({ id, kind: 'audio', contentType: 'audio/mpeg', name: '../' })).toBe(
      'files/audio/0123abcd-audio-0123abcd.mp3',
    );
  });

  it('names a conversation by its UTC date, title and id start', () => {
    expect(
      conversationPathInZip({ id, title: 'Maize prices?', createdAt: new Date('2025-03-14T23:30:00Z') }),
    ).toBe('conversations/2025-03-14-maize-prices-0123abcd');
  });

  it('names the download after the app, the user and the day', () => {
    expect(exportDownloadName('Kasa', 'Ada_Lovelace', new Date('2025-03-14T10:00:00Z'))).toBe(
      'kasa-export-ada-lovelace-2025-03-14.zip',
    );
    expect(exportDownloadName('My Farm App', 'bob', new Date('2025-01-02T00:00:00Z'))).toBe(
      'my-farm-app-export-bob-2025-01-02.zip',
    );
  });

  it('keeps every path unique, case-insensitively, before the extension', () => {
    const paths = new UniquePaths();
    expect(paths.claim('files/upload/a.pdf')).toBe('files/upload/a.pdf');
    expect(paths.claim('files/upload/A.pdf')).toBe('files/upload/A-2.pdf');
    expect(paths.claim('files/upload/a.pdf')).toBe('files/upload/a-3.pdf');
    expect(paths.claim('conversations/x')).toBe('conversations/x');
    expect(paths.claim('conversations/x')).toBe('conversations/x-2');
  });
});

describe('isCompressedContent', () => {
  it('stores pictures, compressed audio and ZIP-based documents, deflates the rest', () => {
    for (const type of ['image/png', 'image/jpeg', 'audio/mpeg', 'audio/ogg; codecs=opus', 'application/zip'])
      expect(isCompressedContent(type)).toBe(true);
    expect(
      isCompressedContent('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toBe(true);
    for (const type of ['text/plain', 'application/pdf', 'audio/wav', 'image/svg+xml', 'application/json'])
      expect(isCompressedContent(type)).toBe(false);
  });
});
