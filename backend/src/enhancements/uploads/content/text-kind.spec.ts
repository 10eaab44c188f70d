import { hasControlCharacters, isJson, looksLikeCsv, refusedStart } from './text-kind';

describe('text kinds', () => {
  it('calls an object or an array JSON, never a lone value or broken JSON', () => {
    expect(isJson(' {"a": [1, 2]} \n')).toBe(true);
    expect(isJson('[1, 2]')).toBe(true);
    expect(isJson('42')).toBe(false);
    expect(isJson('"text"')).toBe(false);
    expect(isJson('{"a": 1')).toBe(false);
  });

  it('calls text CSV when its first lines keep one column count', () => {
    expect(looksLikeCsv('a,b,c\n1,2,3\n4,5,6\n')).toBe(true);
    expect(looksLikeCsv('name;town\n"Ngozi; Ada";Enugu\nAmina;Kano')).toBe(true);
    expect(looksLikeCsv('x\ty\n1\t2')).toBe(true);
    expect(looksLikeCsv('a,b,c\n1,2\n')).toBe(false);
    expect(looksLikeCsv('Plant maize, then beans.\nWater in the morning.')).toBe(false);
    expect(looksLikeCsv('one line, only')).toBe(false);
  });

  it('allows the four layout controls only', () => {
    expect(hasControlCharacters('a\tb\nc\rd\fe')).toBe(false);
    for (const control of ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f'])
      expect(hasControlCharacters(`a${control}b`)).toBe(true);
    expect(hasControlCharacters('Été, ẹ̀gbọ́n, ሰላም, 😀')).toBe(false);
  });

  it('refuses markup and scripts by their start', () => {
    for (const start of [
      '<!DOCTYPE html>',
      '<!doctype HTML>',
      '\n  <html lang="en">',
      '<HEAD>',
      '<script>alert(1)</script>',
      '<iframe src=x>',
      '<svg xmlns="http://www.w3.org/2000/svg">',
      '<?xml version="1.0"?>',
      '<!-- a comment -->',
      '<p>',
      '<a href="x">',
    ])
      expect(refusedStart(start)).toBe('markup');
    expect(refusedStart('#!/usr/bin/env python3')).toBe('script');
    expect(refusedStart('<3 love')).toBeNull();
    expect(refusedStart('Prices <b> and </b>')).toBeNull();
    expect(refusedStart('<abbr>')).toBeNull();
    expect(refusedStart('{"html": "<html>"}')).toBeNull();
  });
});
