import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { readXml } from './statement-values.js';
import { MAX_XML_DEPTH, guardXml, refuseDeclarations, refuseDeepNesting } from './xml-guard.js';

function rejection(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

const nested = (depth: number, inner = 'x') => `${'<a>'.repeat(depth)}${inner}${'</a>'.repeat(depth)}`;
const DOCTYPE_REFUSED = 'T: the file declares a DOCTYPE; bank statements never do, and Kassa does not read one';
const TOO_DEEP = `T: the XML nests deeper than ${MAX_XML_DEPTH} levels; a bank statement needs a dozen at most`;

describe('refuseDeclarations', () => {
  it('refuses a DOCTYPE of every kind with 422, wherever and however it is written', () => {
    for (const doctype of [
      '<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
      '<!DOCTYPE d [<!ENTITY x SYSTEM "http://127.0.0.1:1/x">]>',
      '<!DOCTYPE d [<!ENTITY % p SYSTEM "http://127.0.0.1:1/p"> %p;]>',
      '<!DOCTYPE d [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]>',
      '<!DOCTYPE d SYSTEM "http://127.0.0.1:1/d.dtd">',
      '<!doctype d>',
      '<! DOCTYPE d>',
    ]) {
      expect(rejection(() => refuseDeclarations(`<?xml version="1.0"?>${doctype}<d>&x;</d>`, 'T'))).toMatchObject({
        status: 422,
        message: DOCTYPE_REFUSED,
      });
    }
  });

  it('refuses a markup declaration outside a DOCTYPE too, naming it', () => {
    expect(rejection(() => refuseDeclarations('<d><!ENTITY x "y"></d>', 'T'))).toMatchObject({
      status: 422,
      message: 'T: the file declares <!ENTITY>; bank statements never do, and Kassa does not read declarations',
    });
    expect(rejection(() => refuseDeclarations('<d><!attlist d x CDATA "">', 'T')).message).toContain('<!ATTLIST>');
  });

  it('lets comments, CDATA and processing instructions through', () => {
    expect(() => refuseDeclarations('<?xml version="1.0"?><!-- c --><d><![CDATA[<a>]]></d>', 'T')).not.toThrow();
  });
});

describe('refuseDeepNesting', () => {
  it(`reads ${MAX_XML_DEPTH} levels and refuses one more, also for a file nested 100,000 deep, at once`, () => {
    expect(() => refuseDeepNesting(nested(MAX_XML_DEPTH), 'T')).not.toThrow();
    expect(rejection(() => refuseDeepNesting(nested(MAX_XML_DEPTH + 1), 'T'))).toMatchObject({
      status: 422,
      message: TOO_DEEP,
    });
    const started = performance.now();
    expect(rejection(() => refuseDeepNesting(nested(100_000), 'T')).message).toBe(TOO_DEEP);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('counts only elements: siblings, empty elements, comments, CDATA, instructions and quoted > do not nest', () => {
    const siblings = `<r>${'<a>x</a><b/><c x="1"/>'.repeat(10_000)}</r>`;
    expect(() => refuseDeepNesting(siblings, 'T')).not.toThrow();
    const odd = (inner: string) => `<r>${inner.repeat(MAX_XML_DEPTH * 2)}</r>`;
    for (const inner of ['<!-- <a> -->', '<![CDATA[<a><b>]]>', '<?pi <a>?>', '<a x="<y>" z=\'>\'/>', '<e x=">"></e>'])
      expect(() => refuseDeepNesting(odd(inner), 'T'), inner).not.toThrow();
  });

  it('leaves a construct that never closes to the validator', () => {
    expect(() => refuseDeepNesting('<a><b x=">', 'T')).not.toThrow();
    expect(rejection(() => readXml('<a><b x=">', 'T', {})).message).toMatch(/^T: the XML is not well-formed/);
  });
});

describe('readXml', () => {
  it('runs the guard before the validator and the parser', () => {
    expect(rejection(() => guardXml(nested(MAX_XML_DEPTH + 1), 'T')).message).toBe(TOO_DEEP);
    expect(rejection(() => readXml(nested(MAX_XML_DEPTH + 1), 'T', {})).message).toBe(TOO_DEEP);
    expect(
      rejection(() => readXml('<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d>&x;</d>', 'T', {})).message,
    ).toBe(DOCTYPE_REFUSED);
    // The deepest nesting the guard lets through, the parser reads as well.
    expect(JSON.stringify(readXml(nested(MAX_XML_DEPTH), 'T', {}))).toContain('"x"');
  });

  it('answers 422 for anything else the parser refuses, such as names it keeps out of objects', () => {
    for (const xml of ['<a><__proto__><b>1</b></__proto__></a>', '<a><constructor>1</constructor></a>']) {
      expect(rejection(() => readXml(xml, 'T', {}))).toMatchObject({
        status: 422,
        message: expect.stringMatching(/^T: the XML cannot be read \(/) as unknown,
      });
    }
  });
});
