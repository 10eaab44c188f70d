import {
  cleanUploadName,
  extensionOf,
  hasAllowedExtension,
  isAllowedDeclaredType,
  nameForType,
} from './upload-name';

describe('upload names', () => {
  it('removes control, bidirectional and zero-width characters', () => {
    expect(cleanUploadName('photo\u202Egpj.exe')).toBe('photogpj.exe');
    expect(cleanUploadName('re\u200Bport\u200D.pdf')).toBe('report.pdf');
    expect(cleanUploadName('\uFEFFnotes\u2066x\u2069\u2060.txt')).toBe('notesx.txt');
    expect(cleanUploadName('tab\there\u0007\u0085.txt')).toBe('tabhere.txt');
    expect(cleanUploadName('left\u200Eright\u200F\u061C.csv')).toBe('leftright.csv');
    expect(cleanUploadName('half \uD800 pair 😀.txt')).toBe('half  pair 😀.txt');
    expect(cleanUploadName('\u202E\u200B ')).toBe('file');
    expect(cleanUploadName(`${'a'.repeat(300)}.txt`)).toHaveLength(255);
  });

  it('finds an extension only after a dot that is not the first, with a letter in it', () => {
    expect(extensionOf('report.PDF')).toBe('pdf');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('Minutes 12.03.2024')).toBe('');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('notes')).toBe('');
    expect(hasAllowedExtension('run.sh')).toBe(false);
    expect(hasAllowedExtension('page.html')).toBe(false);
    expect(hasAllowedExtension('logo.svg')).toBe(false);
    expect(hasAllowedExtension('scan.JPEG')).toBe(true);
    expect(hasAllowedExtension('notes')).toBe(true);
  });

  it('allows the accepted types, their usual aliases and no declared type', () => {
    for (const type of [
      'image/png',
      'application/pdf',
      'text/csv; charset=utf-8',
      'TEXT/PLAIN',
      '',
      undefined,
    ])
      expect(isAllowedDeclaredType(type)).toBe(true);
    for (const type of ['application/octet-stream', 'image/jpg', 'application/vnd.ms-excel'])
      expect(isAllowedDeclaredType(type)).toBe(true);
    for (const type of ['text/html', 'image/svg+xml', 'application/x-sh', 'application/x-msdownload'])
      expect(isAllowedDeclaredType(type)).toBe(false);
  });

  it('gives the name the extension of the type its bytes showed', () => {
    expect(nameForType('notes', 'text/csv')).toBe('notes.csv');
    expect(nameForType('photo.jpg', 'image/png')).toBe('photo.png');
    expect(nameForType('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(nameForType('report.pdf', 'text/plain')).toBe('report.txt');
    expect(nameForType('data.csv', 'text/plain')).toBe('data.csv');
    expect(nameForType('Minutes 12.03.2024', 'application/pdf')).toBe('Minutes 12.03.2024.pdf');
    expect(nameForType(`${'a'.repeat(255)}`, 'application/json')).toBe(`${'a'.repeat(250)}.json`);
  });
});
