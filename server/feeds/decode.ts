/**
 * Feed bytes -> text. Order of evidence: byte-order mark, then the HTTP charset, then the XML
 * declaration's encoding, else UTF-8 (the XML and JSON default). Decoding goes through
 * TextDecoder (Node ships full ICU: iso-8859-x, shift_jis, gb18030...), except windows-1252
 * (also meant by 'iso-8859-1'/'latin1'/'ascii'), which has its own table below.
 *
 * Many feeds declare nothing (or UTF-8) but are really windows-1252: when UTF-8 was only a guess
 * or a declaration and the bytes are not valid UTF-8, windows-1252 is used instead, which maps
 * every byte and is what such feeds almost always are. Unknown labels fall back to UTF-8 with
 * replacement characters; decoding never throws.
 */

/**
 * windows-1252 bytes 0x80-0x9F (0 = undefined in the encoding: kept as the C1 code point, as
 * WHATWG does). Own table because Node 20's TextDecoder('windows-1252') drops these bytes.
 */
const WIN1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  const codes = new Array<number>(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] ?? 0;
    codes[i] = byte >= 0x80 && byte <= 0x9f ? (WIN1252_HIGH[byte - 0x80] ?? byte) : byte;
  }
  let out = '';
  for (let i = 0; i < codes.length; i += 8192) {
    out += String.fromCharCode(...codes.slice(i, i + 8192));
  }
  return out;
}

export interface DecodedText {
  text: string;
  /** The encoding actually used (WHATWG name). */
  encoding: string;
}

/** Looks for `charset=` in a Content-Type header value. */
export function charsetFromContentType(contentType: string | null): string | null {
  if (contentType === null) return null;
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return match?.[1]?.trim().toLowerCase() ?? null;
}

function bomEncoding(bytes: Uint8Array): { encoding: string; skip: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { encoding: 'utf-8', skip: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  return null;
}

/** The encoding named by `<?xml ... encoding="..."?>`, also for BOM-less UTF-16 documents. */
function xmlDeclarationEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0x3c && bytes[1] === 0x00 && bytes[2] === 0x3f && bytes[3] === 0x00)
    return 'utf-16le';
  if (bytes[0] === 0x00 && bytes[1] === 0x3c && bytes[2] === 0x00 && bytes[3] === 0x3f)
    return 'utf-16be';
  // The declaration is ASCII in every ASCII-compatible encoding; latin1 reads bytes 1:1.
  const head = Buffer.from(bytes.subarray(0, 512)).toString('latin1');
  const match = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return match?.[1]?.toLowerCase() ?? null;
}

function decoderFor(label: string, fatal: boolean): TextDecoder | null {
  try {
    return new TextDecoder(label, { fatal, ignoreBOM: true });
  } catch {
    return null;
  }
}

export function decodeFeedBytes(bytes: Uint8Array, contentType: string | null = null): DecodedText {
  const bom = bomEncoding(bytes);
  if (bom !== null) {
    const decoder = decoderFor(bom.encoding, false) ?? new TextDecoder('utf-8');
    return { text: decoder.decode(bytes.subarray(bom.skip)), encoding: bom.encoding };
  }
  const declared = charsetFromContentType(contentType) ?? xmlDeclarationEncoding(bytes);
  const declaredDecoder = declared === null ? null : decoderFor(declared, false);
  if (declaredDecoder !== null && declaredDecoder.encoding === 'windows-1252') {
    // Also what 'iso-8859-1', 'latin1' and 'ascii' mean on the web.
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
  if (declaredDecoder !== null && declaredDecoder.encoding !== 'utf-8') {
    return { text: declaredDecoder.decode(bytes), encoding: declaredDecoder.encoding };
  }
  // UTF-8: declared, defaulted, or an unknown label.
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    if (declared !== null && declaredDecoder === null) {
      // An unknown label: UTF-8 with replacement characters, as promised in the module doc.
      return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8' };
    }
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}
