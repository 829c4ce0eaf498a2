/**
 * Makes a book's chapter inert before it is shown (see cleanChapter): nothing in it may run code or
 * reach the network.
 */
const REMOTE = /^\s*(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const LOCAL_SCHEMES = /^\s*(?:data:|blob:|#)/i;
const URL_ATTRIBUTES = ['src', 'href', 'xlink:href', 'srcset', 'poster', 'data', 'action', 'formaction', 'background'];
const ACTIVE_ELEMENTS = [
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'portal',
];

function isRemote(value: string): boolean {
  return REMOTE.test(value) && !LOCAL_SCHEMES.test(value);
}

/**
 * Makes a chapter inert before it is shown: scripts, frames, objects and <meta> removed, every `on*`
 * handler dropped, forms unable to submit (their controls disabled), and every URL that leaves the
 * book (http:, //host, javascript:...) removed, in attributes and in style sheets. Links to other
 * websites keep their text. The sandbox and the CSP would stop all of this anyway; cleaning it
 * means none of it is even attempted.
 */
export function cleanChapter(document: Document): void {
  for (const name of ACTIVE_ELEMENTS) {
    for (const element of Array.from(document.getElementsByTagName(name))) element.remove();
  }
  for (const element of Array.from(document.getElementsByTagName('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) element.removeAttribute(attribute.name);
      else if (URL_ATTRIBUTES.includes(name) && isRemote(attribute.value)) element.removeAttribute(attribute.name);
      else if (name === 'style' && /url\s*\(|@import|expression/i.test(attribute.value)) {
        element.setAttribute(attribute.name, stripRemoteCss(attribute.value));
      }
    }
    const tag = element.localName;
    if (['input', 'button', 'select', 'textarea'].includes(tag)) element.setAttribute('disabled', '');
    if (tag === 'style') element.textContent = stripRemoteCss(element.textContent ?? '');
    if (tag === 'link' && element.getAttribute('rel')?.toLowerCase().includes('stylesheet') === false) {
      element.remove();
    }
  }
}

/** Removes remote url(...) and @import from CSS (local ones are kept). */
export function stripRemoteCss(css: string): string {
  return css
    .replace(/@import[^;]*;?/gi, '')
    .replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (whole, _quote: string, target: string) =>
      isRemote(target) ? 'none' : whole,
    )
    .replace(/expression\s*\(/gi, '(');
}
