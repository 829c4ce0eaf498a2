import { describe, expect, it } from 'vitest';
import { cleanChapter, stripRemoteCss } from './epub-clean';

const chapter = (body: string, head = '', bodyAttributes = '') =>
  new DOMParser().parseFromString(
    `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title>${head}</head>
<body ${bodyAttributes}>${body}</body></html>`,
    'application/xhtml+xml',
  );

describe('cleanChapter', () => {
  it('leaves nothing that could run or reach the network, and keeps the text and local files', () => {
    const doc = chapter(
      `<p id="text" onclick="steal()" style="background: url(https://bg.example.com/x.png)">Kept text.</p>
<script>steal()</script>
<img src="https://images.example.com/pixel.png" onerror="steal()" alt="remote"/>
<img src="images/local.png" alt="local"/>
<a href="https://elsewhere.example.com/">Out</a> <a href="chapter-2.xhtml#part">Next</a>
<a href="javascript:steal()">Script link</a>
<form action="https://forms.example.com/"><input name="q"/><button type="submit">Send</button></form>
<iframe src="https://frame.example.com/"></iframe><object data="https://x.example.com/a.swf"></object>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="//cdn.example.com/i.png"/></svg>`,
      `<base href="https://evil.example.com/"/><meta http-equiv="refresh" content="0;url=https://evil.example.com/"/>
<link rel="stylesheet" href="https://css.example.com/remote.css"/><link rel="stylesheet" href="style.css"/>
<link rel="prefetch" href="next.xhtml"/>
<style>@import url("https://css.example.com/i.css"); p { background: url('https://bg.example.com/p.png') } h1 { background: url(local.png) }</style>`,
      'onload="steal()"',
    );
    cleanChapter(doc);
    const html = new XMLSerializer().serializeToString(doc);
    expect(html).not.toMatch(/example\.com/);
    expect(html).not.toMatch(/steal|<script|<iframe|<object|<base|<meta|prefetch/i);
    expect(html).toContain('Kept text.');
    expect(doc.querySelector('img[alt="local"]')?.getAttribute('src')).toBe('images/local.png');
    expect(doc.querySelector('link[href]')?.getAttribute('href')).toBe('style.css');
    expect(doc.querySelectorAll('a')[1]?.getAttribute('href')).toBe('chapter-2.xhtml#part');
    expect(doc.querySelector('input')?.hasAttribute('disabled')).toBe(true);
    expect(doc.querySelector('button')?.hasAttribute('disabled')).toBe(true);
    expect(doc.querySelector('form')?.hasAttribute('action')).toBe(false);
    expect(doc.querySelector('style')?.textContent).toContain('url(local.png)');
  });
});

describe('stripRemoteCss', () => {
  it('drops remote imports and urls and keeps local and data: ones', () => {
    expect(
      stripRemoteCss(
        '@import "https://a.example/x.css"; a { background: url(//b.example/y.png) } b { background: url("data:image/png;base64,AA") } c { background: url(img/c.png) }',
      ),
    ).toBe(
      ' a { background: none } b { background: url("data:image/png;base64,AA") } c { background: url(img/c.png) }',
    );
  });
});
