/** Base64 of a string's UTF-8 bytes, as Go's encoding/base64 writes []byte(s): StdEncoding and RawURLEncoding. */
export function encodeBase64(text: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** base64url without padding (a JWT's segments). */
export function encodeBase64Url(text: string): string {
  return encodeBase64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
