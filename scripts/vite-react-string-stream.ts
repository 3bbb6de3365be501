import type { Plugin } from "vite";
import { patchPlugin, type Replacement, replaceExactly } from "./vite-patch";

/**
 * React 18's streaming renderer for the browser and Workers (`react-dom/server.browser`) turns every
 * attribute and text of a page into bytes with its own `TextEncoder.encode`, then copies the bytes
 * into 512-byte buffers and hands each full buffer to the response stream: a signed-in product page
 * is a thousand and more encodes and a few hundred stream writes. React's own server renderer for
 * strings (`renderToString`) keeps its chunks as strings instead; this does the same in the Worker's
 * build of the streaming one: chunks stay strings, a flush joins what it wrote and encodes it once.
 * The markup is the same, character for character; only where it is turned into bytes moves.
 *
 * The stream configuration is a handful of small functions at the top of React's minified file
 * (writeChunk, writeChunkAndReturn, completeWriting, stringToChunk, stringToPrecomputedChunk and the
 * flush's inlined beginWriting). Each replacement must find exactly the code of react-dom 18.3.1
 * (pinned: docs/decisions/0010-pinned-toolchain.md); anything else fails the build rather than ship a half-changed renderer.
 */
const FILE = /\/react-dom\/cjs\/react-dom-server\.browser\.production\.min\.js$/;

const REPLACEMENTS: readonly Replacement[] = [
  {
    // writeChunk: append the string (every chunk is a string now). A long one (the inline stylesheet,
    // the hydration data) goes out on its own: joining it into the rest would copy it again.
    find: "function p(a,b){if(0!==b.length)if(512<b.length)0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=new Uint8Array(512),n=0),a.enqueue(b);else{var c=l.length-n;c<b.length&&(0===c?a.enqueue(l):(l.set(b.subarray(0,c),n),a.enqueue(l),b=b.subarray(c)),l=new Uint8Array(512),n=0);l.set(b,n);n+=b.length}}",
    replace: 'function p(a,b){1024<b.length?(l&&a.enqueue(ca.encode(l)),l="",a.enqueue(ca.encode(b))):l+=b}',
    count: 1,
  },
  {
    // completeWriting: one encode and one stream write for everything the flush wrote.
    find: "function ba(a){l&&0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=null,n=0)}",
    replace: "function ba(a){l&&a.enqueue(ca.encode(l));l=null}",
    count: 1,
  },
  {
    // stringToChunk and stringToPrecomputedChunk: the string itself.
    find: "function u(a){return ca.encode(a)}function w(a){return ca.encode(a)}",
    replace: "function u(a){return a}function w(a){return a}",
    count: 1,
  },
  {
    // beginWriting, inlined where a flush starts.
    find: "l=new Uint8Array(512);n=0;",
    replace: 'l="";n=0;',
    count: 2,
  },
];

/** React's streaming renderer with string chunks; throws where the file is not react-dom 18.3.1's. */
export function toStringStream(code: string): string {
  const out = replaceExactly(code, REPLACEMENTS, "react-string-stream");
  if (out.includes("Uint8Array")) throw new Error("react-string-stream: the renderer still writes bytes somewhere");
  return out;
}

/**
 * The Worker's build, and only it: the browser never renders to a stream. A Worker build in which
 * React's renderer was not met at all (another entry point, a renamed file) fails too, rather than
 * ship the byte-per-attribute renderer without a word.
 */
export function reactStringStream(): Plugin {
  return patchPlugin({
    name: "react-string-stream",
    file: FILE,
    builds: { browser: false, worker: true },
    patch: toStringStream,
    missing: "the Worker's build did not include react-dom/server.browser's production file",
  });
}
