import { describe, expect, it } from "vitest";
import { isBlankHtml, sanitizeDescription } from "./sanitize.server";

describe("sanitizeDescription", () => {
  it("removes script tags with their content", () => {
    const out = sanitizeDescription('<p>Hello</p><script>alert("x")</script><p>World</p>');
    expect(out).toBe("<p>Hello</p><p>World</p>");
    expect(out).not.toMatch(/script|alert/i);
  });

  it("removes event handler attributes and keeps the element", () => {
    const out = sanitizeDescription('<p onclick="steal()">Text<img src=x onerror="alert(1)"></p>');
    expect(out).toBe("<p>Text</p>");
    expect(out).not.toMatch(/onerror|onclick|<img/i);
  });

  it("drops javascript: and data: links but keeps their text", () => {
    expect(sanitizeDescription('<a href="javascript:alert(1)">click</a>')).toBe("<a>click</a>");
    expect(sanitizeDescription('<a href="JaVaScRiPt:alert(1)">x</a>')).not.toMatch(/javascript/i);
    expect(sanitizeDescription('<a href="data:text/html,hi">x</a>')).not.toMatch(/data:/);
  });

  it("keeps http(s) and mailto links, opened safely", () => {
    expect(sanitizeDescription('<a href="https://ntb.gov.np" onclick="x()">NTB</a>')).toBe(
      '<a href="https://ntb.gov.np" target="_blank" rel="noopener noreferrer nofollow">NTB</a>',
    );
    expect(sanitizeDescription('<a href="mailto:info@ntb.gov.np">mail</a>')).toContain('href="mailto:info@ntb.gov.np"');
  });

  it("keeps basic formatting", () => {
    const html =
      "<h2>Title</h2><p><strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u><br /></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote>";
    expect(sanitizeDescription(html)).toBe(html);
  });

  it("strips styles, classes, iframes and unknown tags", () => {
    const out = sanitizeDescription('<p style="color:red" class="x">a</p><iframe src="https://evil"></iframe><span>b</span><style>p{}</style>');
    expect(out).toBe("<p>a</p>b");
  });

  it("turns the editor's div lines into paragraphs", () => {
    expect(sanitizeDescription("<div>one</div><div>two</div>")).toBe("<p>one</p><p>two</p>");
  });

  it("keeps paragraphs and line breaks of plain text typed without JavaScript, escaped", () => {
    expect(sanitizeDescription("First line\nsecond line\n\nNext paragraph & more")).toBe("<p>First line<br />second line</p><p>Next paragraph &amp; more</p>");
    expect(sanitizeDescription("5 > 3")).toBe("<p>5 &gt; 3</p>");
  });

  it("tells an empty editor from content", () => {
    expect(isBlankHtml("<p><br></p>")).toBe(true);
    expect(isBlankHtml("<p>&nbsp;</p>")).toBe(true);
    expect(isBlankHtml("<p>x</p>")).toBe(false);
  });
});

describe("editor leftovers", () => {
  it("drops empty paragraphs", () => {
    expect(sanitizeDescription("<p>a</p><p></p><p> </p><ul><li>x</li></ul><p><br></p>")).toBe("<p>a</p><ul><li>x</li></ul>");
  });
});
