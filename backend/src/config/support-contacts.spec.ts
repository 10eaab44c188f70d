import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './load-config';

describe('support contacts (SUPPORT_EMAIL, SUPPORT_WHATSAPP, SUPPORT_PHONE)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'kasa-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('has no contact when none is set, or when they are empty (as docker-compose passes them)', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).support).toEqual({});
    expect(
      loadConfig({ DATA_DIR: dataDir, SUPPORT_EMAIL: '', SUPPORT_WHATSAPP: '', SUPPORT_PHONE: '' }).support,
    ).toEqual({});
  });

  it('keeps each configured contact', () => {
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SUPPORT_EMAIL: 'help@kasa.example',
        SUPPORT_WHATSAPP: '+237677123456',
        SUPPORT_PHONE: '+2348031234567',
      }).support,
    ).toEqual({ email: 'help@kasa.example', whatsapp: '+237677123456', phone: '+2348031234567' });
    expect(loadConfig({ DATA_DIR: dataDir, SUPPORT_PHONE: '+237677123456' }).support).toEqual({
      phone: '+237677123456',
    });
  });

  it('refuses at start a SUPPORT_EMAIL that is not an e-mail address, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, SUPPORT_EMAIL: 'help desk' })).toThrow(
      'SUPPORT_EMAIL must be an e-mail address',
    );
  });

  it.each([
    ['a local number', '677123456'],
    ['spaces', '+237 677 12 34 56'],
    ['a 00 prefix', '00237677123456'],
    ['letters', '+237-CALL-US'],
    ['a country code starting with 0', '+0237677123'],
    ['too short', '+23767'],
    ['more than 15 digits', '+2376771234567890'],
  ])('refuses a number with %s, naming the variable', (_case, number) => {
    for (const name of ['SUPPORT_WHATSAPP', 'SUPPORT_PHONE']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, [name]: number })).toThrow(
        `${name} must be an international number: + then the country code and number, digits only (e.g. +237677123456)`,
      );
    }
  });
});
