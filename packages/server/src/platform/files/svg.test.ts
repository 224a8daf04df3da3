import { describe, expect, it } from 'vitest';
import { isSvg, sanitizeSvg } from './svg.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const clean = (text: string) => {
  const out = sanitizeSvg(bytes(text));
  return out === undefined ? undefined : new TextDecoder().decode(out);
};

describe('an uploaded SVG (decision 0149)', () => {
  it('is told by its root element, after a declaration, comments and a doctype', () => {
    expect(isSvg(bytes('<svg viewBox="0 0 1 1"/>'))).toBe(true);
    expect(
      isSvg(
        bytes('\uFEFF<?xml version="1.0"?>\n<!-- pump -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>'),
      ),
    ).toBe(true);
    expect(isSvg(bytes('<html><svg></svg></html>'))).toBe(false);
    expect(isSvg(bytes('just text'))).toBe(false);
    expect(isSvg(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]))).toBe(false);
  });

  it('keeps the drawing, names in their case, gradients by id, and the SVG namespace', () => {
    const out = clean(
      '<svg viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><path d="M0 0L10 10" fill="url(#g)" stroke-width="2"/></svg>',
    );
    expect(out).toBe(
      '<svg viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g"><stop offset="0" stop-color="red"></stop></linearGradient></defs><path d="M0 0L10 10" fill="url(#g)" stroke-width="2"></path></svg>',
    );
  });

  it('removes whatever runs or reaches outside: scripts, handlers, styles, links, foreign objects, outside urls, entities', () => {
    const out = clean(
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY boom "lol">]><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)"><script>alert(2)</script><style>*{fill:url(http://e)}</style><path d="M0 0" stroke="url(http://evil/x)" style="fill:red" onclick="alert(3)"/><a href="javascript:alert(4)"><rect width="5" height="5"/></a><foreignObject><div>html</div></foreignObject><use href="http://evil#a"/><image href="http://evil/p.png"/><animate attributeName="x"/>&boom;</svg>`,
    );
    expect(out).toBeDefined();
    for (const gone of [
      'alert',
      'script',
      'style',
      'evil',
      'javascript',
      'foreignObject',
      'html',
      'use',
      'image',
      'animate',
      'xlink',
      'onload',
      'onclick',
      'lol',
    ]) {
      expect(out).not.toContain(gone);
    }
    expect(out).toContain('<rect width="5" height="5"></rect>');
  });

  it('refuses what is not an SVG', () => {
    expect(clean('<div>not a picture</div>')).toBeUndefined();
    expect(sanitizeSvg(new Uint8Array([0xff, 0xd8, 0xff]))).toBeUndefined();
  });
});
